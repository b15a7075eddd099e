'use strict';
// Cinderpath over HTTP: the agent API on node's own http module.

const http = require('node:http');
const engine = require('./lib/engine');

const games = new Map();
let nextId = 1;
const MAX_BODY = 64 * 1024;

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.trim()) return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new Error('request body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/healthz') return send(res, 200, { ok: true });
  if (req.method === 'POST' && url.pathname === '/api/agent/new') {
    const id = `cinder-${nextId++}`;
    const s = engine.newGame();
    games.set(id, s);
    return send(res, 200, { game_id: id, message: engine.intro(s), state: engine.publicState(s), turn: s.turn });
  }
  if (req.method === 'POST' && url.pathname === '/api/agent/command') {
    let body;
    try {
      body = await readJson(req);
    } catch (err) {
      return send(res, 400, { error: err.message });
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return send(res, 400, { error: 'body must be a JSON object' });
    if (typeof body.game_id !== 'string') return send(res, 400, { error: 'game_id (string) is required' });
    if (typeof body.command !== 'string') return send(res, 400, { error: 'command (string) is required' });
    const s = games.get(body.game_id);
    if (!s) return send(res, 404, { error: `no game ${body.game_id}` });
    const out = engine.command(s, body.command);
    return send(res, 200, {
      message: out.message,
      state: engine.publicState(s),
      success: out.success,
      game_over: out.gameOver,
      turn: s.turn,
    });
  }
  const stateMatch = url.pathname.match(/^\/api\/agent\/state\/([^/]+)$/);
  if (req.method === 'GET' && stateMatch) {
    const s = games.get(decodeURIComponent(stateMatch[1]));
    if (!s) return send(res, 404, { error: `no game ${stateMatch[1]}` });
    return send(res, 200, { state: engine.publicState(s), turn: s.turn });
  }
  return send(res, 404, { error: `no route ${req.method} ${url.pathname}` });
}

function createServer() {
  return http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) send(res, 500, { error: String(err && err.message ? err.message : err) });
    });
  });
}

if (require.main === module) {
  const port = Number(process.env.CINDER_PORT || 8080);
  createServer().listen(port, '0.0.0.0', () => console.log(`cinderpath listening on ${port}`));
}

module.exports = { createServer };
