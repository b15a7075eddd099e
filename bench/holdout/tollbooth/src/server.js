'use strict';

const http = require('node:http');
const crypto = require('node:crypto');
const lock = require('./lock');

const MAX_BODY = 16 * 1024;
const MAX_GAMES = 500;

const games = new Map();

function send(res, status, body) {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(data),
  });
  res.end(data);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(Object.assign(new Error('request body too large'), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function readJson(req) {
  const raw = await readBody(req);
  if (!raw.trim()) return {};
  let body;
  try {
    body = JSON.parse(raw);
  } catch (err) {
    throw Object.assign(new Error('body is not valid JSON'), { status: 400 });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw Object.assign(new Error('body must be a JSON object'), { status: 400 });
  }
  return body;
}

function createGame() {
  if (games.size >= MAX_GAMES) {
    const oldest = games.keys().next().value;
    games.delete(oldest);
  }
  const id = crypto.randomUUID();
  const game = { id, state: lock.newShift(), turn: 0 };
  games.set(id, game);
  return game;
}

const WELCOME = [
  'You take the windlass from the night keeper at Hatherley Top Lock.',
  'Boats are already tied up below and above. Work them through, take their tolls,',
  'keep the tally book straight, and sign off before 14:00. Type "help" for your orders.',
].join('\n');

async function handle(req, res) {
  let url;
  try {
    url = new URL(req.url, 'http://localhost');
  } catch (err) {
    return send(res, 400, { error: 'bad request path' });
  }
  const path = url.pathname.replace(/\/+$/, '') || '/';

  if (path === '/healthz') {
    if (req.method !== 'GET') return send(res, 405, { error: 'use GET' });
    return send(res, 200, { status: 'ok', games: games.size });
  }

  if (path === '/api/agent/new') {
    if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
    await readBody(req);
    const game = createGame();
    return send(res, 200, {
      game_id: game.id,
      message: WELCOME + '\n\n' + lock.run(game.state, 'look').message,
      state: game.state,
    });
  }

  if (path === '/api/agent/command') {
    if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
    const body = await readJson(req);
    if (typeof body.game_id !== 'string' || !body.game_id) {
      return send(res, 400, { error: 'game_id (a string) is required' });
    }
    if (typeof body.command !== 'string') {
      return send(res, 400, { error: 'command (a string) is required' });
    }
    const game = games.get(body.game_id);
    if (!game) return send(res, 404, { error: `no game ${body.game_id}` });
    const result = lock.run(game.state, body.command);
    game.turn += 1;
    return send(res, 200, {
      success: result.success,
      message: result.message,
      state: game.state,
      game_over: game.state.shift.over,
      turn: game.turn,
    });
  }

  const m = path.match(/^\/api\/agent\/state\/([^/]+)$/);
  if (m) {
    if (req.method !== 'GET') return send(res, 405, { error: 'use GET' });
    let id;
    try {
      id = decodeURIComponent(m[1]);
    } catch (err) {
      return send(res, 400, { error: 'bad game id in path' });
    }
    const game = games.get(id);
    if (!game) return send(res, 404, { error: `no game ${id}` });
    return send(res, 200, { game_id: game.id, state: game.state });
  }

  return send(res, 404, { error: `nothing at ${req.method} ${url.pathname}` });
}

function start(port, host) {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      const status = err.status && err.status < 500 ? err.status : 500;
      if (status === 500) console.error(err);
      if (!res.headersSent) send(res, status, { error: status === 500 ? 'internal error' : err.message });
    });
  });
  server.listen(port, host);
  return server;
}

if (require.main === module) {
  const port = Number(process.env.PORT || 8080);
  const host = process.env.HOST || '127.0.0.1';
  const server = start(port, host);
  server.on('listening', () => console.log(`tollbooth listening on http://${host}:${port}`));
}

module.exports = { start, handle };
