'use strict';

const http = require('http');
const engine = require('./lib/engine');

const PORT = Number(process.env.KESTREL_PORT || 8090);
const HOST = process.env.KESTREL_HOST || '0.0.0.0';
const MAX_BODY = 64 * 1024;

const games = new Map();
let nextId = 1;

function send(res, status, body) {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) });
  res.end(data);
}

function readJson(req) {
  return new Promise((resolve) => {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return resolve({ error: 'REQUEST BODY TOO LARGE.' });
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.trim()) return resolve({ body: {} });
      try {
        resolve({ body: JSON.parse(text) });
      } catch {
        resolve({ error: 'BODY IS NOT VALID JSON.' });
      }
    });
    req.on('error', () => resolve({ error: 'REQUEST FAILED.' }));
  });
}

function reply(id, s, result) {
  return {
    game_id: id,
    message: result.message,
    state: engine.view(s),
    success: result.success,
    game_over: s.won || s.lost,
    turn: s.turn,
  };
}

async function handle(req, res) {
  const path = (req.url || '/').split('?')[0];
  if (path === '/healthz') {
    if (req.method !== 'GET') return send(res, 405, { error: 'USE GET.' });
    return send(res, 200, { status: 'ok' });
  }
  if (path === '/api/agent/new') {
    if (req.method !== 'POST') return send(res, 405, { error: 'USE POST.' });
    const id = `kd-${nextId++}`;
    const s = engine.newState();
    games.set(id, s);
    return send(res, 200, reply(id, s, { message: engine.intro(s), success: true }));
  }
  if (path === '/api/agent/command') {
    if (req.method !== 'POST') return send(res, 405, { error: 'USE POST.' });
    const { body, error } = await readJson(req);
    if (error) return send(res, 400, { error });
    if (!body || typeof body !== 'object' || Array.isArray(body)) return send(res, 400, { error: 'BODY MUST BE A JSON OBJECT.' });
    if (typeof body.game_id !== 'string') return send(res, 400, { error: 'GAME_ID (STRING) REQUIRED.' });
    if (typeof body.command !== 'string') return send(res, 400, { error: 'COMMAND (STRING) REQUIRED.' });
    const s = games.get(body.game_id);
    if (!s) return send(res, 404, { error: `UNKNOWN GAME_ID ${body.game_id}.` });
    const result = engine.command(s, body.command);
    return send(res, 200, reply(body.game_id, s, result));
  }
  if (path.startsWith('/api/agent/state/')) {
    if (req.method !== 'GET') return send(res, 405, { error: 'USE GET.' });
    const id = decodeURIComponent(path.slice('/api/agent/state/'.length));
    const s = games.get(id);
    if (!s) return send(res, 404, { error: `UNKNOWN GAME_ID ${id}.` });
    return send(res, 200, { game_id: id, state: engine.view(s), game_over: s.won || s.lost, turn: s.turn });
  }
  return send(res, 404, { error: 'NO SUCH ENDPOINT.' });
}

function createServer() {
  return http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'STATION COMPUTER FAULT.' });
      else res.destroy();
    });
  });
}

if (require.main === module) {
  createServer().listen(PORT, HOST, () => {
    console.log(`KESTREL DEEP LISTENING ON ${HOST}:${PORT}`);
  });
}

module.exports = { createServer };
