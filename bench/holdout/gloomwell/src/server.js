'use strict';
// Gloomwell over HTTP: the GBQA agent API on node's own http module.

const http = require('node:http');
const crypto = require('node:crypto');
const { fresh, act, view, INTRO } = require('./lib/engine');

const MAX_BODY = 64 * 1024;

function send(res, code, body) {
  const data = JSON.stringify(body);
  res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(data) });
  res.end(data);
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

function createServer() {
  const delves = new Map();

  async function handle(req, res) {
    const url = new URL(req.url, 'http://gloomwell');
    const path = url.pathname;

    if (path === '/healthz') {
      return req.method === 'GET' ? send(res, 200, { alive: true, delves: delves.size }) : send(res, 405, { error: 'use GET' });
    }

    if (path.startsWith('/api/agent/state/')) {
      if (req.method !== 'GET') return send(res, 405, { error: 'use GET' });
      const id = decodeURIComponent(path.slice('/api/agent/state/'.length));
      const s = delves.get(id);
      if (!s) return send(res, 404, { error: `no delve with id ${id}` });
      return send(res, 200, { game_id: id, state: view(s) });
    }

    if (path === '/api/agent/new') {
      if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
      await readBody(req);
      const id = crypto.randomUUID();
      const s = fresh();
      delves.set(id, s);
      return send(res, 200, { game_id: id, message: INTRO, state: view(s) });
    }

    if (path === '/api/agent/command') {
      if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
      const raw = await readBody(req);
      if (raw === null) return send(res, 413, { error: 'body too large' });
      let body;
      try {
        body = JSON.parse(raw);
      } catch (e) {
        return send(res, 400, { error: 'body must be JSON' });
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) return send(res, 400, { error: 'body must be a JSON object' });
      if (typeof body.game_id !== 'string' && typeof body.game_id !== 'number') return send(res, 400, { error: 'game_id is required' });
      const s = delves.get(String(body.game_id));
      if (!s) return send(res, 404, { error: `no delve with id ${body.game_id}` });
      if (typeof body.command !== 'string') return send(res, 400, { error: 'command must be a string' });
      const reply = act(s, body.command);
      return send(res, 200, {
        success: reply.ok,
        message: reply.text,
        state: view(s),
        game_over: s.status.won || s.status.dead,
        turn: s.counters.ticks,
      });
    }

    return send(res, 404, { error: `nothing at ${path}` });
  }

  return http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      console.error(err && err.stack ? err.stack : err);
      if (!res.headersSent) send(res, 500, { error: 'the dungeon shuddered', detail: String(err && err.message) });
      else res.destroy();
    });
  });
}

if (require.main === module) {
  const port = Number(process.env.GLOOM_PORT || 8080);
  const host = process.env.GLOOM_HOST || '0.0.0.0';
  createServer().listen(port, host, () => console.log(`Gloomwell listening on ${host}:${port}`));
}

module.exports = { createServer };
