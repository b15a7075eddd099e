// Shunt Yard HTTP server: the GBQA agent API on node:http, no dependencies.
import http from 'node:http';
import { newGame, play, view, welcome, MOVE_LIMIT } from './yard.mjs';

const MAX_GAMES = 500;
const MAX_BODY = 16 * 1024;

export function createServer() {
  const games = new Map();
  let counter = 0;

  function send(res, status, body) {
    const data = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(data) });
    res.end(data);
  }

  function readBody(req) {
    return new Promise((resolve, reject) => {
      const chunks = [];
      let size = 0;
      req.on('data', (chunk) => {
        size += chunk.length;
        if (size <= MAX_BODY) chunks.push(chunk);
      });
      req.on('end', () => {
        if (size > MAX_BODY) reject(Object.assign(new Error('request body too large'), { status: 413 }));
        else resolve(Buffer.concat(chunks).toString('utf8'));
      });
      req.on('error', reject);
    });
  }

  function startGame() {
    counter += 1;
    const id = `yard-${counter}`;
    const g = newGame();
    games.set(id, g);
    if (games.size > MAX_GAMES) games.delete(games.keys().next().value);
    return { game_id: id, message: welcome(g), state: view(g) };
  }

  async function command(req, res) {
    const raw = await readBody(req);
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return send(res, 400, { error: 'body must be JSON: {"game_id": ..., "command": ...}' });
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return send(res, 400, { error: 'body must be a JSON object' });
    }
    const { game_id: id, command: cmd } = body;
    if (typeof id !== 'string' || typeof cmd !== 'string') {
      return send(res, 400, { error: 'game_id and command must both be strings' });
    }
    const g = games.get(id);
    if (!g) return send(res, 404, { error: `no game ${id.slice(0, 60)}` });
    const result = play(g, cmd);
    return send(res, 200, {
      success: result.success,
      message: result.message,
      state: view(g),
      game_over: g.departed,
      turn: g.moves,
    });
  }

  async function route(req, res) {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname;
    if (path === '/health') {
      return send(res, 200, { status: 'ok', move_limit: MOVE_LIMIT });
    }
    if (path === '/api/agent/new') {
      if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
      return send(res, 200, startGame());
    }
    if (path === '/api/agent/command') {
      if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
      return command(req, res);
    }
    if (path.startsWith('/api/agent/state/')) {
      if (req.method !== 'GET') return send(res, 405, { error: 'use GET' });
      let id;
      try {
        id = decodeURIComponent(path.slice('/api/agent/state/'.length));
      } catch {
        return send(res, 400, { error: 'bad game id' });
      }
      const g = games.get(id);
      if (!g) return send(res, 404, { error: 'no such game' });
      return send(res, 200, { game_id: id, state: view(g) });
    }
    return send(res, 404, { error: 'not found' });
  }

  return http.createServer((req, res) => {
    route(req, res).catch((err) => {
      if (res.headersSent) return res.destroy();
      if (err && err.status) return send(res, err.status, { error: err.message });
      console.error(err);
      return send(res, 500, { error: 'internal error' });
    });
  });
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const port = Number(process.env.SHUNTYARD_PORT || 8000);
  const host = process.env.HOST || '127.0.0.1';
  createServer().listen(port, host, () => {
    console.log(`Shunt Yard on http://${host}:${port}/`);
  });
}
