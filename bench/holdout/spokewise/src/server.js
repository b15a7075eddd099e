'use strict';

const http = require('http');
const { Office } = require('./lib/office');
const { formatTime } = require('./lib/clock');
const { RULES } = require('./lib/data');

const MAX_BODY = 64 * 1024;
const MAX_GAMES = 1000;

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Keeps the running shifts, one Office per game id. */
class ShiftRegistry {
  constructor(limit = MAX_GAMES) {
    this.limit = limit;
    this.games = new Map();
    this.counter = 0;
  }

  open() {
    this.counter += 1;
    const id = `shift-${this.counter}`;
    this.games.set(id, new Office());
    while (this.games.size > this.limit) {
      this.games.delete(this.games.keys().next().value);
    }
    return id;
  }

  get(id) {
    const office = this.games.get(id);
    if (!office) throw new HttpError(404, `no game with id ${JSON.stringify(id)}`);
    return office;
  }
}

class SpokewiseServer {
  constructor() {
    this.registry = new ShiftRegistry();
    this.server = http.createServer((req, res) => this.route(req, res));
  }

  listen(port, host) {
    return new Promise((resolve) => {
      this.server.listen(port, host, () => resolve(this.server.address()));
    });
  }

  close() {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  async route(req, res) {
    try {
      const url = new URL(req.url, 'http://localhost');
      const path = url.pathname.replace(/\/+$/, '') || '/';
      if (path === '/healthz') return this.expect(req, 'GET') && this.send(res, 200, { status: 'ok' });
      if (path === '/') return this.expect(req, 'GET') && this.sendText(res, 200, this.index());
      if (path === '/api/agent/new') {
        this.expect(req, 'POST');
        return this.send(res, 200, this.newGame());
      }
      if (path === '/api/agent/command') {
        this.expect(req, 'POST');
        const body = await this.readJson(req);
        return this.send(res, 200, this.command(body));
      }
      const stateMatch = /^\/api\/agent\/state\/([^/]+)$/.exec(path);
      if (stateMatch) {
        this.expect(req, 'GET');
        const id = decodeURIComponent(stateMatch[1]);
        return this.send(res, 200, { game_id: id, state: this.registry.get(id).snapshot() });
      }
      throw new HttpError(404, `nothing at ${path}`);
    } catch (err) {
      if (err instanceof HttpError) return this.send(res, err.status, { error: err.message });
      console.error(err);
      return this.send(res, 500, { error: 'internal server error' });
    }
  }

  expect(req, method) {
    if (req.method !== method) throw new HttpError(405, `use ${method} here`);
    return true;
  }

  readJson(req) {
    return new Promise((resolve, reject) => {
      const chunks = [];
      let size = 0;
      req.on('data', (chunk) => {
        size += chunk.length;
        if (size > MAX_BODY) {
          reject(new HttpError(413, 'request body too large'));
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      req.on('error', reject);
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve(JSON.parse(text));
        } catch {
          reject(new HttpError(400, 'body is not JSON'));
        }
      });
    });
  }

  newGame() {
    const id = this.registry.open();
    const office = this.registry.get(id);
    const message = [
      `Spokewise Couriers, ${formatTime(office.now)}. You run the dispatch desk today.`,
      `Three riders, four bikes, a shelf of parcels. Bank $${RULES.target} in the till before ${formatTime(RULES.shiftEnd)}.`,
      'Type "help" for the command grammar and "board" for the desk.',
    ].join('\n');
    return { game_id: id, message, state: office.snapshot() };
  }

  command(body) {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(400, 'send a JSON object {"game_id", "command"}');
    }
    if (typeof body.game_id !== 'string') throw new HttpError(400, 'game_id must be a string');
    if (typeof body.command !== 'string') throw new HttpError(400, 'command must be a string');
    const office = this.registry.get(body.game_id);
    const outcome = office.handle(body.command);
    return {
      success: outcome.success,
      message: outcome.message,
      state: office.snapshot(),
      game_over: office.over,
      turn: office.turn,
    };
  }

  index() {
    return [
      'Spokewise: a bicycle courier dispatch desk.',
      'POST /api/agent/new, POST /api/agent/command {"game_id", "command"}, GET /api/agent/state/<game_id>.',
    ].join('\n');
  }

  send(res, status, payload) {
    const body = JSON.stringify(payload);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  }

  sendText(res, status, text) {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }
}

if (require.main === module) {
  const port = Number(process.env.SPOKEWISE_PORT || 8080);
  const host = process.env.HOST || '127.0.0.1';
  const app = new SpokewiseServer();
  app.listen(port, host).then((address) => {
    console.log(`spokewise listening on http://${address.address}:${address.port}`);
  });
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

module.exports = { SpokewiseServer, ShiftRegistry, HttpError };
