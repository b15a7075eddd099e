'use strict';
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { fresh, act } = require('./lib/forge');

// Access log next to the code, as on our VPS.
fs.mkdirSync(path.join(__dirname, 'log'), { recursive: true });
const access = fs.createWriteStream(path.join(__dirname, 'log', 'access.log'), { flags: 'a' });
const games = new Map();

function send(res, code, body) {
  const data = JSON.stringify(body);
  res.writeHead(code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) });
  res.end(data);
}

function readJson(req) {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => { try { resolve(raw ? JSON.parse(raw) : {}); } catch (e) { resolve(undefined); } });
  });
}

const server = http.createServer(async (req, res) => {
  access.write(`${new Date().toISOString()} ${req.method} ${req.url}\n`);
  if (req.method === 'GET' && req.url === '/health') return send(res, 200, { up: true });
  if (req.method === 'GET' && req.url.startsWith('/api/agent/state/')) {
    const id = req.url.split('/').pop();
    if (!games.has(id)) return send(res, 404, { error: 'no such game' });
    return send(res, 200, { game_id: id, state: games.get(id) });
  }
  if (req.method !== 'POST') return send(res, 404, { error: 'not found' });
  const body = await readJson(req);
  if (body === undefined || typeof body !== 'object' || body === null) return send(res, 400, { error: 'bad json' });
  if (req.url === '/api/agent/new') {
    const id = crypto.randomUUID();
    games.set(id, fresh());
    return send(res, 200, { game_id: id, message: 'The forge is cold. Type help.', state: games.get(id) });
  }
  if (req.url === '/api/agent/command') {
    const s = games.get(body.game_id);
    if (!s) return send(res, 404, { error: 'no such game' });
    if (typeof body.command !== 'string') return send(res, 400, { error: 'command required' });
    const [ok, message] = act(s, body.command);
    return send(res, 200, { success: ok, message, state: s, game_over: s.meta.won, turn: s.meta.turn });
  }
  return send(res, 404, { error: 'not found' });
});

server.listen(Number(process.env.PORT || 3000), process.env.HOST || '127.0.0.1');
