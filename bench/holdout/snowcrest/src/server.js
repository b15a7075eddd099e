// Snowcrest's HTTP front: the GBQA agent API on node:http, no dependencies.
//
//   POST /api/agent/new                      -> { game_id, message, state }
//   POST /api/agent/command {game_id, command} -> { success, message, state, game_over, turn }
//   GET  /api/agent/state/<game_id>          -> { game_id, state }
//   GET  /healthz                            -> { status: "ok" }

import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

import { SnowcrestGame } from './game.js';

const MAX_BODY_BYTES = 64 * 1024;
const MAX_COMMAND_LENGTH = 500;

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

class Session {
  constructor() {
    this.id = randomUUID();
    this.game = new SnowcrestGame();
    this.turn = 0;
  }
}

export class SnowcrestServer {
  constructor() {
    this.sessions = new Map();
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error) => this.fail(res, error));
    });
  }

  listen(port, host) {
    return new Promise((resolve) => {
      this.server.listen(port, host, () => resolve(this.server.address()));
    });
  }

  close() {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections?.();
    });
  }

  send(res, status, body) {
    const data = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(data),
      'Cache-Control': 'no-store',
    });
    res.end(data);
  }

  fail(res, error) {
    if (error instanceof HttpError) {
      this.send(res, error.status, { error: error.message });
      return;
    }
    console.error(error);
    if (!res.headersSent) this.send(res, 500, { error: 'internal server error' });
    else res.destroy();
  }

  readJson(req) {
    return new Promise((resolve, reject) => {
      const chunks = [];
      let size = 0;
      req.on('data', (chunk) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          reject(new HttpError(413, 'request body too large'));
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (text.trim() === '') {
          resolve({});
          return;
        }
        try {
          resolve(JSON.parse(text));
        } catch {
          reject(new HttpError(400, 'body is not valid JSON'));
        }
      });
      req.on('error', reject);
    });
  }

  session(gameId) {
    const session = typeof gameId === 'string' ? this.sessions.get(gameId) : undefined;
    if (!session) throw new HttpError(404, `no game with id ${JSON.stringify(gameId)}`);
    return session;
  }

  async handle(req, res) {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';

    if (path === '/healthz' || path === '/api/health') {
      if (req.method !== 'GET') throw new HttpError(405, 'use GET');
      this.send(res, 200, { status: 'ok', games: this.sessions.size });
      return;
    }

    if (path === '/') {
      this.send(res, 200, {
        name: 'Snowcrest',
        api: ['POST /api/agent/new', 'POST /api/agent/command', 'GET /api/agent/state/<game_id>'],
      });
      return;
    }

    if (path === '/api/agent/new') {
      if (req.method !== 'POST') throw new HttpError(405, 'use POST');
      const session = new Session();
      this.sessions.set(session.id, session);
      this.send(res, 200, {
        game_id: session.id,
        message: session.game.intro(),
        state: session.game.snapshot(),
      });
      return;
    }

    if (path === '/api/agent/command') {
      if (req.method !== 'POST') throw new HttpError(405, 'use POST');
      const body = await this.readJson(req);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new HttpError(400, 'body must be a JSON object');
      }
      if (!('game_id' in body)) throw new HttpError(400, 'missing field: game_id');
      if (typeof body.command !== 'string') throw new HttpError(400, 'missing field: command (a string)');
      if (body.command.length > MAX_COMMAND_LENGTH) throw new HttpError(400, 'command too long');
      const session = this.session(body.game_id);
      const result = session.game.execute(body.command);
      session.turn += 1;
      this.send(res, 200, {
        success: result.success,
        message: result.message,
        state: session.game.snapshot(),
        game_over: session.game.gameOver,
        turn: session.turn,
      });
      return;
    }

    if (path.startsWith('/api/agent/state/')) {
      if (req.method !== 'GET') throw new HttpError(405, 'use GET');
      let gameId;
      try {
        gameId = decodeURIComponent(path.slice('/api/agent/state/'.length));
      } catch {
        throw new HttpError(400, 'malformed game id');
      }
      const session = this.session(gameId);
      this.send(res, 200, { game_id: session.id, state: session.game.snapshot() });
      return;
    }

    throw new HttpError(404, `nothing at ${path}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.SNOWCREST_PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const app = new SnowcrestServer();
  const address = await app.listen(port, host);
  console.log(`Snowcrest operations desk listening on http://${address.address}:${address.port}`);
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
