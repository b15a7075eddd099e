'use strict';

const http = require('http');
const { newGame, command, state } = require('./lib/game');

const games = new Map();
let nextId = 1;

function send(res, status, body) {
  const data = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) });
  res.end(data);
}

function readJson(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text) return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(null);
      }
    });
  });
}

async function route(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/healthz') return send(res, 200, { ok: true });
  if (req.method === 'POST' && url.pathname === '/api/agent/new') {
    const id = `duel-${nextId++}`;
    const { game, message } = newGame();
    games.set(id, game);
    return send(res, 200, { game_id: id, message, state: state(game), turn: game.turn, success: true });
  }
  if (req.method === 'POST' && url.pathname === '/api/agent/command') {
    const body = await readJson(req);
    if (!body || typeof body !== 'object' || Array.isArray(body)) return send(res, 400, { error: 'body must be a JSON object' });
    if (typeof body.game_id !== 'string' || typeof body.command !== 'string') {
      return send(res, 400, { error: 'game_id and command (strings) are required' });
    }
    const game = games.get(body.game_id);
    if (!game) return send(res, 404, { error: `unknown game_id ${body.game_id}` });
    return send(res, 200, command(game, body.command));
  }
  const match = url.pathname.match(/^\/api\/agent\/state\/([^/]+)$/);
  if (req.method === 'GET' && match) {
    const game = games.get(decodeURIComponent(match[1]));
    if (!game) return send(res, 404, { error: 'unknown game_id' });
    return send(res, 200, { state: state(game), turn: game.turn });
  }
  return send(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => {
  route(req, res).catch((err) => send(res, 500, { error: String(err && err.message) }));
});

const port = Number(process.env.RINGSIDE_PORT || 8090);
server.listen(port, '0.0.0.0', () => console.log(`ringside listening on ${port}`));
