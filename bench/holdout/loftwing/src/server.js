// Loftwing HTTP server: the GBQA agent API over node:http, games kept in memory.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { newGame, runCommand, welcome } from './game.js';

const MAX_BODY = 16 * 1024;

export class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export function createApp() {
  const games = new Map();
  let nextId = 1;

  function lookup(id) {
    const game = games.get(id);
    if (!game) throw new HttpError(404, `no game with id '${id}'`);
    return game;
  }

  const routes = {
    'POST /api/agent/new': () => {
      const id = `flight-${nextId++}`;
      const game = newGame();
      games.set(id, game);
      return { game_id: id, message: welcome(game), state: game };
    },
    'POST /api/agent/command': (body) => {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new HttpError(400, 'expected a JSON object with game_id and command');
      }
      const { game_id: id, command } = body;
      if (typeof id !== 'string' && typeof id !== 'number') throw new HttpError(400, 'game_id is required');
      if (typeof command !== 'string') throw new HttpError(400, 'command must be a string');
      const game = lookup(String(id));
      const result = runCommand(game, command);
      return {
        success: result.success,
        message: result.message,
        state: game,
        game_over: game.race.over,
        turn: game.turn,
      };
    },
  };

  async function handle(req, res) {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (req.method === 'GET' && (path === '/healthz' || path === '/')) {
      return send(res, 200, { ok: true, game: 'loftwing', games: games.size });
    }
    const stateMatch = path.match(/^\/api\/agent\/state\/([^/]+)$/);
    if (stateMatch) {
      if (req.method !== 'GET') throw new HttpError(405, 'use GET for the state');
      const id = decodeURIComponent(stateMatch[1]);
      return send(res, 200, { game_id: id, state: lookup(id) });
    }
    const route = routes[`${req.method} ${path}`];
    if (!route) {
      const known = Object.keys(routes).some((key) => key.endsWith(` ${path}`));
      throw new HttpError(known ? 405 : 404, known ? 'method not allowed' : `nothing at ${path}`);
    }
    const body = await readJson(req);
    return send(res, 200, route(body));
  }

  return http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (err instanceof HttpError) {
        send(res, err.status, { error: err.message });
      } else {
        console.error(err);
        send(res, 500, { error: 'internal server error' });
      }
    });
  });
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return reject(new HttpError(413, 'request body too large'));
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new HttpError(400, 'body is not valid JSON'));
      }
    });
    req.on('error', reject);
  });
}

function send(res, status, payload) {
  if (res.headersSent) return;
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const port = Number(process.env.LOFTWING_PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  createApp().listen(port, host, () => {
    console.log(`loftwing listening on http://${host}:${port}`);
  });
}
