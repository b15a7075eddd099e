'use strict';

const http = require('http');
const { Table } = require('./lib/table');

const PORT = Number(process.env.STERNWHEEL_PORT || 8080);
const MAX_BODY = 64 * 1024;
const tables = new Map();
let nextId = 1;

function send(res, status, body) {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) });
  res.end(data);
}

function reply(id, table, answer) {
  return {
    game_id: id,
    message: answer.message,
    state: table.state(),
    success: answer.success,
    game_over: table.cashedOut,
    turn: table.turn,
  };
}

function readJson(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return resolve({ error: 'request body too large' });
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.trim()) return resolve({ value: {} });
      try {
        return resolve({ value: JSON.parse(text) });
      } catch (err) {
        return resolve({ error: 'request body is not valid JSON' });
      }
    });
    req.on('error', () => resolve({ error: 'could not read the request body' }));
  });
}

async function route(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/healthz') return send(res, 200, { ok: true });
  if (path === '/api/agent/new') {
    if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
    const id = `table-${nextId}`;
    nextId += 1;
    const table = new Table();
    tables.set(id, table);
    return send(res, 200, reply(id, table, { message: table.intro(), success: true }));
  }
  if (path === '/api/agent/command') {
    if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
    const body = await readJson(req);
    if (body.error) return send(res, 400, { error: body.error });
    const payload = body.value;
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      return send(res, 400, { error: 'send a JSON object with game_id and command' });
    }
    const { game_id: id, command } = payload;
    if (typeof id !== 'string' || typeof command !== 'string') {
      return send(res, 400, { error: 'game_id and command must both be strings' });
    }
    const table = tables.get(id);
    if (!table) return send(res, 404, { error: `no game ${id}` });
    return send(res, 200, reply(id, table, table.command(command)));
  }
  const stateMatch = path.match(/^\/api\/agent\/state\/([^/]+)$/);
  if (stateMatch) {
    if (req.method !== 'GET') return send(res, 405, { error: 'use GET' });
    const id = decodeURIComponent(stateMatch[1]);
    const table = tables.get(id);
    if (!table) return send(res, 404, { error: `no game ${id}` });
    return send(res, 200, { game_id: id, state: table.state(), game_over: table.cashedOut, turn: table.turn });
  }
  return send(res, 404, { error: `no route ${req.method} ${path}` });
}

const server = http.createServer((req, res) => {
  route(req, res).catch((err) => {
    if (!res.headersSent) send(res, 500, { error: String(err && err.message ? err.message : err) });
  });
});

server.listen(PORT, '0.0.0.0', () => {
  process.stdout.write(`Sternwheel table open on port ${PORT}\n`);
});
