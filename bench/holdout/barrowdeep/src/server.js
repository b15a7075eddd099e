'use strict';

const http = require('http');
const { Game } = require('./game');

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
    let raw = '';
    let tooLong = false;
    req.on('data', (chunk) => {
      raw += chunk;
      if (raw.length > MAX_BODY) tooLong = true;
    });
    req.on('end', () => {
      if (tooLong) return resolve({ error: 'request body too large' });
      if (!raw.trim()) return resolve({ body: {} });
      try {
        return resolve({ body: JSON.parse(raw) });
      } catch (err) {
        return resolve({ error: 'request body is not valid JSON' });
      }
    });
  });
}

function reply(game, result) {
  return {
    game_id: game.id,
    message: result.message,
    state: game.state(),
    success: result.success,
    game_over: game.dead || game.won,
    turn: game.t,
  };
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/healthz') return send(res, 200, { ok: true });
  if (req.method === 'POST' && path === '/api/agent/new') {
    const id = `rogue-${nextId}`;
    nextId += 1;
    const game = new Game(id);
    games.set(id, game);
    return send(res, 200, reply(game, { message: game.intro(), success: true }));
  }
  if (req.method === 'POST' && path === '/api/agent/command') {
    const { body, error } = await readJson(req);
    if (error) return send(res, 400, { error });
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return send(res, 400, { error: 'expected a JSON object with game_id and command' });
    }
    if (body.game_id === undefined || typeof body.command !== 'string') {
      return send(res, 400, { error: 'game_id and command (a string) are required' });
    }
    const game = games.get(String(body.game_id));
    if (!game) return send(res, 404, { error: `unknown game_id ${body.game_id}` });
    return send(res, 200, reply(game, game.command(body.command)));
  }
  const stateMatch = /^\/api\/agent\/state\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && stateMatch) {
    const game = games.get(decodeURIComponent(stateMatch[1]));
    if (!game) return send(res, 404, { error: `unknown game_id ${stateMatch[1]}` });
    return send(res, 200, { game_id: game.id, state: game.state(), turn: game.t });
  }
  return send(res, 404, { error: `no route ${req.method} ${path}` });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error(err);
    if (!res.headersSent) send(res, 500, { error: 'internal server error' });
  });
});

const port = parseInt(process.env.BARROW_PORT || '8080', 10);
server.listen(port, '0.0.0.0', () => {
  console.log(`Barrowdeep listening on ${port}`);
});
