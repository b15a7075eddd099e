'use strict';

const http = require('http');
const { newGame, play, view, board, HELP } = require('./game.js');

const games = new Map();
let counter = 0;

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function readJson(req) {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (!raw) return resolve({});
      try {
        const parsed = JSON.parse(raw);
        resolve(parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null);
      } catch {
        resolve(null);
      }
    });
  });
}

async function route(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const path = url.pathname;
  if (req.method === 'GET' && path === '/healthz') return send(res, 200, { ok: true });
  if (req.method === 'POST' && path === '/api/agent/new') {
    counter += 1;
    const id = `th-${counter}`;
    const g = newGame();
    g.turn = 0;
    games.set(id, g);
    const message = `Tally Hall opens. Sell runs, fill the purse to ${view(g).target} or clear the hall.\n${board(g)}\n${HELP}`;
    return send(res, 200, { game_id: id, message, state: view(g), turn: 0, game_over: false });
  }
  if (req.method === 'POST' && path === '/api/agent/command') {
    const body = await readJson(req);
    if (body === null) return send(res, 400, { error: 'body must be a JSON object' });
    if (typeof body.game_id !== 'string' || typeof body.command !== 'string') {
      return send(res, 400, { error: 'need game_id and command strings' });
    }
    const g = games.get(body.game_id);
    if (!g) return send(res, 404, { error: `unknown game_id ${body.game_id}` });
    const reply = play(g, body.command);
    g.turn += 1;
    const state = view(g);
    return send(res, 200, {
      message: reply.message,
      success: reply.success,
      state,
      turn: g.turn,
      game_over: state.status.over,
    });
  }
  const match = path.match(/^\/api\/agent\/state\/([^/]+)$/);
  if (req.method === 'GET' && match) {
    const g = games.get(decodeURIComponent(match[1]));
    if (!g) return send(res, 404, { error: 'unknown game_id' });
    return send(res, 200, { state: view(g), message: board(g), turn: g.turn });
  }
  return send(res, 404, { error: `no route ${req.method} ${path}` });
}

const server = http.createServer((req, res) => {
  route(req, res).catch((err) => {
    send(res, 500, { error: String(err && err.message ? err.message : err) });
  });
});

const port = Number(process.env.TALLY_PORT || 8080);
server.listen(port, '0.0.0.0', () => {
  process.stdout.write(`tallyhall on ${port}\n`);
});
