'use strict';
// Anvilmere behind the GBQA agent API, on node:http only.

const http = require('http');
const forge = require('./lib/forge');

const MAX_BODY = 64 * 1024;

function createServer() {
  const games = new Map();
  let counter = 0;

  function reply(res, status, body) {
    const data = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) });
    res.end(data);
  }

  function view(s, message, ok) {
    return { message, state: s, success: ok, game_over: s.status.over, turn: s.clock.turn };
  }

  function readJson(req, done) {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return done(new Error('body too large'));
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.trim()) return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch (err) {
        done(new Error('body is not JSON'));
      }
    });
    req.on('error', () => done(new Error('body unreadable')));
  }

  function route(req, res) {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/healthz') return reply(res, 200, { ok: true });
    if (req.method === 'POST' && path === '/api/agent/new') {
      counter += 1;
      const id = `anvil-${counter}`;
      const s = forge.newState();
      games.set(id, s);
      return reply(res, 200, { game_id: id, ...view(s, forge.INTRO, true) });
    }
    if (req.method === 'POST' && path === '/api/agent/command') {
      return readJson(req, (err, body) => {
        if (err) return reply(res, 400, { error: err.message });
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          return reply(res, 400, { error: 'body must be a JSON object' });
        }
        if (typeof body.game_id !== 'string' && typeof body.game_id !== 'number') {
          return reply(res, 400, { error: 'game_id missing' });
        }
        if (typeof body.command !== 'string') return reply(res, 400, { error: 'command missing' });
        const s = games.get(String(body.game_id));
        if (!s) return reply(res, 404, { error: 'unknown game_id' });
        try {
          const result = forge.run(s, body.command);
          return reply(res, 200, view(s, result.message, result.ok));
        } catch (e) {
          return reply(res, 500, { error: 'server fault' });
        }
      });
    }
    const m = /^\/api\/agent\/state\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const s = games.get(decodeURIComponent(m[1]));
      if (!s) return reply(res, 404, { error: 'unknown game_id' });
      return reply(res, 200, { state: s, turn: s.clock.turn, game_over: s.status.over });
    }
    return reply(res, 404, { error: `no route ${req.method} ${path}` });
  }

  return http.createServer((req, res) => {
    try {
      route(req, res);
    } catch (e) {
      reply(res, 400, { error: 'bad request' });
    }
  });
}

if (require.main === module) {
  const port = Number(process.env.ANVIL_PORT || 8090);
  createServer().listen(port, '0.0.0.0', () => {
    console.log(`anvilmere listening on ${port}`);
  });
}

module.exports = { createServer };
