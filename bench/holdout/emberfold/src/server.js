'use strict';

// HTTP front for Emberfold: the GBQA agent API over node:http, no dependencies.

const http = require('node:http');
const crypto = require('node:crypto');
const { newKitchen, runCommand, snapshot } = require('./kitchen');

const MAX_BODY = 16 * 1024;
const MAX_COMMAND = 500;
const MAX_GAMES = 2000;

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function createServer() {
  const games = new Map();

  function send(res, status, body) {
    const data = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(data),
    });
    res.end(data);
  }

  function readJson(req) {
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
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (!text.trim()) return resolve({});
        try {
          resolve(JSON.parse(text));
        } catch {
          reject(new HttpError(400, 'body is not valid JSON'));
        }
      });
      req.on('error', reject);
    });
  }

  function lookup(id) {
    const k = typeof id === 'string' ? games.get(id) : undefined;
    if (!k) throw new HttpError(404, 'no such game');
    return k;
  }

  function startGame() {
    const { kitchen, message } = newKitchen();
    const id = crypto.randomBytes(8).toString('hex');
    if (games.size >= MAX_GAMES) games.delete(games.keys().next().value);
    games.set(id, kitchen);
    return { game_id: id, message, state: snapshot(kitchen) };
  }

  async function playCommand(req) {
    const body = await readJson(req);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(400, 'body must be a JSON object');
    }
    if (typeof body.game_id !== 'string') throw new HttpError(400, 'game_id (string) is required');
    if (typeof body.command !== 'string') throw new HttpError(400, 'command (string) is required');
    const k = lookup(body.game_id);
    const result = body.command.length > MAX_COMMAND
      ? { success: false, message: 'That order slip is too long to read.' }
      : runCommand(k, body.command);
    return {
      success: result.success,
      message: result.message,
      state: snapshot(k),
      game_over: k.status !== 'open',
      turn: k.turn,
    };
  }

  async function route(req, res) {
    let path;
    try {
      path = new URL(req.url, 'http://localhost').pathname.replace(/\/+$/, '') || '/';
    } catch {
      throw new HttpError(400, 'bad request path');
    }

    if (path === '/healthz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'method not allowed');
      return send(res, 200, { status: 'ok', games: games.size });
    }
    if (path === '/api/agent/new') {
      if (req.method !== 'POST') throw new HttpError(405, 'method not allowed');
      return send(res, 200, startGame());
    }
    if (path === '/api/agent/command') {
      if (req.method !== 'POST') throw new HttpError(405, 'method not allowed');
      return send(res, 200, await playCommand(req));
    }
    if (path.startsWith('/api/agent/state/')) {
      if (req.method !== 'GET') throw new HttpError(405, 'method not allowed');
      let id;
      try {
        id = decodeURIComponent(path.slice('/api/agent/state/'.length));
      } catch {
        throw new HttpError(400, 'bad game id');
      }
      return send(res, 200, { game_id: id, state: snapshot(lookup(id)) });
    }
    throw new HttpError(404, 'not found');
  }

  return http.createServer((req, res) => {
    route(req, res).catch((err) => {
      if (res.headersSent) return;
      if (err instanceof HttpError) return send(res, err.status, { error: err.message });
      console.error(`[emberfold] ${req.method} ${req.url}:`, err);
      send(res, 500, { error: 'internal server error' });
    });
  });
}

if (require.main === module) {
  const port = Number(process.env.EMBERFOLD_PORT || 8080);
  const host = process.env.HOST || '127.0.0.1';
  createServer().listen(port, host, () => {
    console.log(`emberfold listening on http://${host}:${port}`);
  });
}

module.exports = { createServer };
