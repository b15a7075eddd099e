'use strict';
// Fullingmill over HTTP: the GBQA agent API on node:http, games kept in memory.

const http = require('node:http');
const crypto = require('node:crypto');
const { Mill, WELCOME } = require('./lib/engine');

const MAX_BODY = 64 * 1024;
const games = new Map();

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, 'The request body was too large.'));
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
  const text = await readBody(req);
  if (!text.trim()) return {};
  let body;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, 'The request body was not valid JSON.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'The request body had to be a JSON object.');
  }
  return body;
}

function findGame(id) {
  if (typeof id !== 'string' || !games.has(id)) throw new HttpError(404, 'No game was known by that game_id.');
  return games.get(id);
}

async function newGame(req, res) {
  await readBody(req);
  const id = crypto.randomUUID();
  const mill = new Mill();
  games.set(id, mill);
  send(res, 200, { game_id: id, message: WELCOME, state: mill.view() });
}

async function command(req, res) {
  const body = await readJson(req);
  if (typeof body.game_id !== 'string') throw new HttpError(400, 'The field game_id was missing or not a string.');
  if (typeof body.command !== 'string') throw new HttpError(400, 'The field command was missing or not a string.');
  const mill = findGame(body.game_id);
  send(res, 200, mill.handle(body.command));
}

function state(res, id) {
  let key;
  try {
    key = decodeURIComponent(id);
  } catch (err) {
    throw new HttpError(400, 'The game_id in the path was not well encoded.');
  }
  const mill = findGame(key);
  send(res, 200, { game_id: id, state: mill.view() });
}

async function route(req, res) {
  const url = new URL(req.url, 'http://mill.local');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/health' || path === '/api/health') {
    send(res, 200, { status: 'ok' });
    return;
  }
  if (path === '/api/agent/new') {
    if (req.method !== 'POST') throw new HttpError(405, 'Only POST was accepted here.');
    await newGame(req, res);
    return;
  }
  if (path === '/api/agent/command') {
    if (req.method !== 'POST') throw new HttpError(405, 'Only POST was accepted here.');
    await command(req, res);
    return;
  }
  const m = /^\/api\/agent\/state\/([^/]+)$/.exec(path);
  if (m) {
    if (req.method !== 'GET') throw new HttpError(405, 'Only GET was accepted here.');
    state(res, m[1]);
    return;
  }
  throw new HttpError(404, 'No such path.');
}

const server = http.createServer((req, res) => {
  route(req, res).catch((err) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof HttpError) {
      send(res, err.status, { error: err.message });
    } else {
      console.error(err && err.stack ? err.stack : err);
      send(res, 500, { error: 'The mill failed to answer.' });
    }
  });
});

if (require.main === module) {
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || '0.0.0.0';
  server.listen(port, host, () => {
    console.log(`Fullingmill listened on http://${host}:${port}`);
  });
}

module.exports = { server, games };
