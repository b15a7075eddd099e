'use strict';

// Lodgewell: the front desk of a six-room hotel, served over the GBQA agent API.
//
//   POST /api/agent/new                 -> { game_id, message, state }
//   POST /api/agent/command {game_id, command}
//                                       -> { success, message, state, game_over, turn }
//   GET  /api/agent/state/<game_id>     -> { game_id, state }
//   GET  /healthz                       -> { status: "ok" }
//
// Environment: LODGEWELL_PORT (default 8080), HOST (default 127.0.0.1).

const { createServer, errorBody } = require('./lib/http');
const { Desk } = require('./lib/desk');

const MAX_GAMES = 1000;
const MAX_COMMAND_LENGTH = 1000;

const games = new Map();
let serial = 0;

function json(status, value, extra) {
  return { status, body: JSON.stringify(value), headers: extra };
}

function problem(status, message) {
  return { status, body: errorBody(status, message) };
}

function newGame() {
  serial += 1;
  const id = `lw-${String(serial).padStart(5, '0')}`;
  const desk = new Desk();
  games.set(id, desk);
  while (games.size > MAX_GAMES) games.delete(games.keys().next().value);
  const welcome = [
    'Welcome to the Lodgewell. You have the front desk for the week, Monday to Sunday.',
    'The owners want to see the takings reach the target with the rating at 3 stars or better.',
    'Type `help` for the desk manual.',
    '',
    desk.summary(),
  ].join('\n');
  return json(200, { game_id: id, message: welcome, state: desk.state() });
}

function readJson(req) {
  let value;
  try {
    value = JSON.parse(req.body.toString('utf8'));
  } catch (err) {
    return { error: problem(400, 'the body is not valid JSON') };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { error: problem(400, 'the body must be a JSON object') };
  }
  return { value };
}

function command(req) {
  const { value, error } = readJson(req);
  if (error) return error;
  const id = value.game_id;
  if (typeof id !== 'string' && typeof id !== 'number') return problem(400, 'game_id is required');
  if (typeof value.command !== 'string') return problem(400, 'command must be a string');
  if (value.command.length > MAX_COMMAND_LENGTH) return problem(413, 'command is too long');
  const desk = games.get(String(id));
  if (!desk) return problem(404, `no game ${id}`);
  const result = desk.run(value.command);
  return json(200, {
    success: result.success,
    message: result.message,
    state: desk.state(),
    game_over: desk.over,
    turn: desk.turn,
  });
}

function state(id) {
  let decoded;
  try {
    decoded = decodeURIComponent(id);
  } catch (err) {
    return problem(400, 'bad game id');
  }
  const desk = games.get(decoded);
  if (!desk) return problem(404, `no game ${decoded}`);
  return json(200, { game_id: decoded, state: desk.state() });
}

const INDEX = [
  'Lodgewell front desk.',
  '',
  'POST /api/agent/new',
  'POST /api/agent/command   {"game_id": "...", "command": "help"}',
  'GET  /api/agent/state/<game_id>',
  '',
].join('\n');

function route(req) {
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const path = req.path.replace(/\/+$/, '') || '/';
  if (path === '/healthz' || path === '/api/health') {
    if (method !== 'GET') return json(405, { error: 'use GET', status: 405 }, { Allow: 'GET, HEAD' });
    return json(200, { status: 'ok', games: games.size });
  }
  if (path === '/') {
    if (method !== 'GET') return json(405, { error: 'use GET', status: 405 }, { Allow: 'GET, HEAD' });
    return { status: 200, body: INDEX, headers: { 'Content-Type': 'text/plain; charset=utf-8' } };
  }
  if (path === '/api/agent/new') {
    if (method !== 'POST') return json(405, { error: 'use POST', status: 405 }, { Allow: 'POST' });
    return newGame();
  }
  if (path === '/api/agent/command') {
    if (method !== 'POST') return json(405, { error: 'use POST', status: 405 }, { Allow: 'POST' });
    return command(req);
  }
  const m = /^\/api\/agent\/state\/([^/]+)$/.exec(path);
  if (m) {
    if (method !== 'GET') return json(405, { error: 'use GET', status: 405 }, { Allow: 'GET, HEAD' });
    return state(m[1]);
  }
  return problem(404, `nothing at ${req.path}`);
}

function start(port, host) {
  const server = createServer(route, (line) => process.stderr.write(`${line}\n`));
  server.listen(port, host, () => {
    const addr = server.address();
    process.stdout.write(`lodgewell listening on http://${addr.address}:${addr.port}\n`);
  });
  return server;
}

if (require.main === module) {
  const port = Number(process.env.LODGEWELL_PORT || 8080);
  const host = process.env.HOST || '127.0.0.1';
  const server = start(port, host);
  const stop = () => {
    server.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

module.exports = { route, start, games };
