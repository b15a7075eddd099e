'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const net = require('node:net');
const { start } = require('../server');

function listening() {
  return new Promise((resolve) => {
    const server = start(0, '127.0.0.1');
    server.on('listening', () => resolve(server));
  });
}

// Sends raw bytes, reads until the server closes or `count` responses arrived.
function exchange(port, raw, count = 1) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
      if ((data.match(/HTTP\/1\.1 \d{3} /g) || []).length >= count && complete(data, count)) socket.end();
    });
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    socket.write(raw);
  });
}

function complete(data, count) {
  let rest = data;
  for (let i = 0; i < count; i += 1) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) return false;
    const m = /content-length: (\d+)/i.exec(rest.slice(0, end));
    const length = m ? Number(m[1]) : 0;
    if (Buffer.byteLength(rest.slice(end + 4)) < length) return false;
    rest = rest.slice(end + 4 + length);
  }
  return true;
}

function request(port, method, path, body, extra = '') {
  const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const raw = `${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${extra}` +
    `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
  return exchange(port, raw).then((text) => {
    const status = Number(text.split(' ')[1]);
    const bodyText = text.slice(text.indexOf('\r\n\r\n') + 4);
    return { status, json: bodyText ? JSON.parse(bodyText) : null, text };
  });
}

test('the agent API over a bare socket', async (t) => {
  const server = await listening();
  const port = server.address().port;
  t.after(() => server.close());

  const health = await request(port, 'GET', '/healthz');
  assert.equal(health.status, 200);

  const created = await request(port, 'POST', '/api/agent/new');
  assert.equal(created.status, 200);
  const id = created.json.game_id;
  assert.equal(typeof created.json.message, 'string');
  assert.equal(created.json.state.hotel.day, 1);

  const moved = await request(port, 'POST', '/api/agent/command', { game_id: id, command: 'checkin ada 101' });
  assert.equal(moved.status, 200);
  assert.equal(moved.json.success, true);
  assert.equal(moved.json.turn, 1);
  assert.equal(moved.json.game_over, false);

  const state = await request(port, 'GET', `/api/agent/state/${id}`);
  assert.equal(state.json.game_id, id);
  assert.equal(state.json.state.rooms['101'].guest, 'ada');
});

test('bad requests get a JSON 4xx', async (t) => {
  const server = await listening();
  const port = server.address().port;
  t.after(() => server.close());

  const cases = [
    ['POST', '/api/agent/command', 'not json', 400],
    ['POST', '/api/agent/command', [1, 2], 400],
    ['POST', '/api/agent/command', { command: 'look' }, 400],
    ['POST', '/api/agent/command', { game_id: 'lw-nope', command: 'look' }, 404],
    ['POST', '/api/agent/command', { game_id: 'lw-nope' }, 400],
    ['GET', '/api/agent/state/lw-nope', undefined, 404],
    ['GET', '/api/agent/new', undefined, 405],
    ['GET', '/nowhere', undefined, 404],
  ];
  for (const [method, path, body, status] of cases) {
    const r = await request(port, method, path, body);
    assert.equal(r.status, status, `${method} ${path}`);
    assert.equal(typeof r.json.error, 'string');
  }
  const garbage = await exchange(port, 'HELLO\r\n\r\n');
  assert.match(garbage, /^HTTP\/1\.1 400 /);
});

test('keep-alive and chunked bodies', async (t) => {
  const server = await listening();
  const port = server.address().port;
  t.after(() => server.close());

  const two = await exchange(port,
    'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 2);
  assert.equal((two.match(/HTTP\/1\.1 200 OK/g) || []).length, 2);
  assert.match(two, /Connection: keep-alive/);

  const body = '{}';
  const chunked = await exchange(port,
    'POST /api/agent/new HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n' +
    `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
  assert.match(chunked, /^HTTP\/1\.1 200 OK/);
  assert.match(chunked, /"game_id"/);
});
