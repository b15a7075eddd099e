// Ashfall Outpost over HTTP: the agent API (new, command, state) and a health path.

import http from 'node:http';
import { pathToFileURL } from 'node:url';

import { Game } from './lib/commands.js';

const MAX_BODY = 64 * 1024;

export function createApp() {
  const games = new Map();
  let made = 0;

  function send(res, status, body) {
    const data = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) });
    res.end(data);
  }

  function readJson(req) {
    return new Promise((resolve) => {
      const chunks = [];
      let size = 0;
      let tooBig = false;
      req.on('data', (chunk) => {
        size += chunk.length;
        if (size > MAX_BODY) tooBig = true;
        else chunks.push(chunk);
      });
      req.on('end', () => {
        if (tooBig) return resolve({ error: [413, 'request body too large'] });
        const text = Buffer.concat(chunks).toString('utf8');
        if (!text.trim()) return resolve({ body: {} });
        try {
          resolve({ body: JSON.parse(text) });
        } catch {
          resolve({ error: [400, 'request body is not valid JSON'] });
        }
      });
      req.on('error', () => resolve({ error: [400, 'request body could not be read'] }));
    });
  }

  async function route(req, res) {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path === '/healthz') {
      if (req.method !== 'GET') return send(res, 405, { error: 'use GET' });
      return send(res, 200, { ok: true });
    }
    if (path === '/api/agent/new') {
      if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
      made += 1;
      const game = new Game(`ash-${made}`);
      games.set(game.id, game);
      return send(res, 200, { game_id: game.id, ...game.intro() });
    }
    if (path === '/api/agent/command') {
      if (req.method !== 'POST') return send(res, 405, { error: 'use POST' });
      const { body, error } = await readJson(req);
      if (error) return send(res, error[0], { error: error[1] });
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        return send(res, 400, { error: 'the body must be a JSON object' });
      }
      if (typeof body.game_id !== 'string' || !body.game_id) {
        return send(res, 400, { error: 'game_id (a string) is required' });
      }
      if (typeof body.command !== 'string') return send(res, 400, { error: 'command (a string) is required' });
      const game = games.get(body.game_id);
      if (!game) return send(res, 404, { error: `no game ${body.game_id}` });
      return send(res, 200, game.run(body.command));
    }
    const match = path.match(/^\/api\/agent\/state\/([^/]+)$/);
    if (match) {
      if (req.method !== 'GET') return send(res, 405, { error: 'use GET' });
      const game = games.get(decodeURIComponent(match[1]));
      if (!game) return send(res, 404, { error: `no game ${match[1]}` });
      return send(res, 200, { game_id: game.id, state: game.colony.view(), turn: game.turn, game_over: game.colony.over });
    }
    return send(res, 404, { error: `nothing at ${path}` });
  }

  return http.createServer((req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'the outpost server failed on this request' });
      else res.destroy();
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const port = Number(process.env.ASHFALL_PORT || 8080);
  createApp().listen(port, '0.0.0.0', () => {
    console.log(`Ashfall Outpost listening on ${port}`);
  });
}
