import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { start, newGame, runCommand, snapshot, quoteFor, depositFor } from '../server.mjs';

let server;
let base;

before(async () => {
  server = await start({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => new Promise((resolve) => server.close(resolve)));

async function post(path, body) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

function play(game, commands) {
  return commands.map((c) => {
    const r = runCommand(game, c);
    assert.ok(r.ok, `${c}: ${r.text}`);
    return r;
  });
}

const binsOf = (game) => new Map(snapshot(game).bins);
const ticket = (game, id) => new Map(snapshot(game).bench).get(id);

test('a new game opens on Monday morning with three customers', () => {
  const state = snapshot(newGame());
  assert.deepEqual(state.workshopClock, { day: 1, weekday: 'Monday', time: '08:00', closesAt: '18:00' });
  assert.equal(state.cash, 60);
  assert.deepEqual(state.bins, [['mainspring', 1], ['pivot', 4], ['bushing', 2], ['hand', 0], ['suspension', 1]]);
  assert.deepEqual(state.counter.map((c) => c.customer), ['hale', 'oduya', 'pryce']);
  assert.deepEqual(state.progress, { collected: 0, target: 3, won: false, over: false });
});

test('help is one line and points at explain', () => {
  const game = newGame();
  const help = runCommand(game, 'help');
  assert.ok(help.ok);
  assert.ok(!help.text.includes('\n'));
  assert.match(help.text, /explain <command>/);
  const explain = runCommand(game, 'explain fit-part');
  assert.ok(explain.ok);
  assert.match(explain.text, /fit-part <ticket> <part>/);
  assert.equal(runCommand(game, 'explain juggle').ok, false);
});

test('booking in, inspecting and quoting Mrs Hale', () => {
  const game = newGame();
  play(game, ['take-in hale', 'inspect J1', 'quote-job J1']);
  const job = ticket(game, 'J1');
  assert.deepEqual(job.faults.map((f) => f.code), ['dirty-movement', 'worn-pivot']);
  assert.equal(job.quote, 68);
  assert.equal(job.deposit, 17);
  assert.equal(job.status, 'in-repair');
  assert.equal(snapshot(game).cash, 77);
  assert.equal(snapshot(game).workshopClock.time, '09:00');
});

test('quote and deposit formulas', () => {
  const job = { faults: [{ code: 'broken-mainspring' }, { code: 'bent-hand' }] };
  assert.equal(quoteFor(job), 77);
  assert.equal(depositFor(77), 19);
  assert.equal(depositFor(68), 17);
});

test('no work before a quote', () => {
  const game = newGame();
  play(game, ['take-in hale', 'inspect J1']);
  assert.equal(runCommand(game, 'clean J1').ok, false);
  assert.equal(runCommand(game, 'wind-spring J1 3').ok, false);
});

test('a clean mends the dirty movement', () => {
  const game = newGame();
  play(game, ['take-in hale', 'inspect J1', 'quote-job J1', 'clean J1']);
  const job = ticket(game, 'J1');
  assert.equal(job.faults.find((f) => f.code === 'dirty-movement').mended, true);
  assert.equal(runCommand(game, 'clean J1').ok, false);
});

test('fitting a part takes it from the bin', () => {
  const game = newGame();
  play(game, ['take-in pryce', 'take-in hale', 'inspect J2', 'quote-job J2', 'clean J2', 'fit-part J2 pivot']);
  assert.equal(binsOf(game).get('pivot'), 3);
  assert.equal(ticket(game, 'J2').faults.every((f) => f.mended), true);
  assert.equal(runCommand(game, 'fit-part J2 hand').ok, false);
});

test('winding well past the top of the range snaps the spring', () => {
  const game = newGame();
  play(game, ['take-in hale', 'inspect J1', 'quote-job J1']);
  const r = runCommand(game, 'wind-spring J1 10');
  assert.match(r.text, /Crack/);
  const job = ticket(game, 'J1');
  assert.equal(job.spring.turns, 0);
  assert.ok(job.faults.some((f) => f.code === 'broken-mainspring' && !f.mended));
  assert.equal(runCommand(game, 'wind-spring J1 2').ok, false);
});

test('a weight-driven clock cannot be wound', () => {
  const game = newGame();
  play(game, ['take-in pryce', 'inspect J1', 'quote-job J1']);
  assert.equal(runCommand(game, 'wind-spring J1 3').ok, false);
});

test('test run fails on an unmended clock and passes on a mended one', () => {
  const game = newGame();
  play(game, ['take-in hale', 'inspect J1', 'quote-job J1', 'clean J1', 'test-run J1']);
  assert.equal(ticket(game, 'J1').status, 'in-repair');
  play(game, ['fit-part J1 pivot', 'test-run J1']);
  assert.equal(ticket(game, 'J1').status, 'in-repair');
  play(game, ['wind-spring J1 6', 'test-run J1']);
  assert.equal(ticket(game, 'J1').status, 'ready');
});

test('the bench holds three clocks', () => {
  const game = newGame();
  play(game, ['take-in hale', 'take-in oduya', 'take-in pryce', 'close-up']);
  const r = runCommand(game, 'take-in finch');
  assert.equal(r.ok, false);
  assert.equal(snapshot(game).bench.length, 3);
});

test('work may run up to closing time but not past it', () => {
  const game = newGame();
  play(game, ['take-in hale', 'inspect J1', 'quote-job J1']);
  game.minute = 17 * 60;
  const r = runCommand(game, 'test-run J1');
  assert.ok(r.ok, r.text);
  assert.equal(snapshot(game).workshopClock.time, '18:00');
  assert.equal(runCommand(game, 'take-in oduya').ok, false);
  assert.equal(snapshot(game).workshopClock.time, '18:00');
});

test('close-up pays rent, opens the next day and brings an order', () => {
  const game = newGame();
  play(game, ['order-part hand 2', 'close-up']);
  const state = snapshot(game);
  assert.equal(state.cash, 60 - 8 - 12);
  assert.equal(state.workshopClock.weekday, 'Tuesday');
  assert.equal(state.workshopClock.time, '08:00');
  assert.equal(binsOf(game).get('hand'), 2);
  assert.deepEqual(state.orders, []);
  assert.ok(state.counter.some((c) => c.customer === 'finch'));
});

test('orders are limited by the bin and by the till', () => {
  const game = newGame();
  assert.equal(runCommand(game, 'order-part pivot 7').ok, false);
  assert.equal(runCommand(game, 'order-part mainspring 7').ok, false);
  assert.equal(snapshot(game).cash, 60);
});

test('Mr Varga declines his quote', () => {
  const game = newGame();
  play(game, ['close-up', 'take-in varga', 'inspect J1', 'quote-job J1']);
  assert.equal(snapshot(game).bench.length, 0);
  assert.equal(snapshot(game).cash, 48);
});

test('the walkthrough wins', () => {
  const text = readFileSync(new URL('../docs/walkthrough.md', import.meta.url), 'utf8');
  const commands = [...text.matchAll(/^- `([^`]+)`$/gm)].map((m) => m[1]);
  assert.ok(commands.length > 10);
  const game = newGame();
  play(game, commands);
  const state = snapshot(game);
  assert.equal(state.progress.won, true);
  assert.equal(state.progress.collected, 3);
  assert.equal(runCommand(game, 'take-in finch').ok, false);
});

test('the HTTP API answers and rejects bad requests', async () => {
  const health = await fetch(`${base}/healthz`);
  assert.equal(health.status, 200);
  const created = await post('/api/agent/new', {});
  assert.equal(created.status, 200);
  const id = created.body.game_id;
  assert.equal(typeof created.body.message, 'string');
  const cmd = await post('/api/agent/command', { game_id: id, command: 'take-in hale' });
  assert.equal(cmd.status, 200);
  assert.equal(cmd.body.success, true);
  assert.equal(cmd.body.turn, 1);
  assert.equal(cmd.body.game_over, false);
  const state = await fetch(`${base}/api/agent/state/${id}`);
  assert.equal((await state.json()).state.bench.length, 1);
  assert.equal((await post('/api/agent/command', '{not json')).status, 400);
  assert.equal((await post('/api/agent/command', { game_id: id })).status, 400);
  assert.equal((await post('/api/agent/command', { game_id: 'nope', command: 'look' })).status, 404);
  assert.equal((await fetch(`${base}/api/agent/state/nope`)).status, 404);
});
