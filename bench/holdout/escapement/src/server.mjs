// Escapement: a week at a clock repair workshop, played over the GBQA agent API.
//
//   ESCAPEMENT_PORT=8080 HOST=127.0.0.1 node server.mjs
//
// Standard library only. One process keeps every game in memory; a game is a plain object
// with Maps for the parts bins and the bench, turned into JSON by snapshot().

import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

// ---------------------------------------------------------------------------------------------
// The workshop's fixed tables (docs/rules.md is the written version of these)

export const OPENS = 8 * 60;
export const CLOSES = 18 * 60;
export const LAST_DAY = 5;
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
export const HOURLY_RATE = 16;
export const TEST_MINUTES = 60;
export const BENCH_SIZE = 3;
export const BIN_CAPACITY = 10;
export const RENT = 12;
export const TARGET = 3;
export const MAX_TURNS_PER_WIND = 12;
export const MINUTES_PER_TURN = 5;
export const STARTING_CASH = 60;

export const TIMINGS = {
  'take-in': 15,
  inspect: 30,
  'quote-job': 15,
  clean: 120,
  collect: 15,
};

export const PARTS = new Map([
  ['mainspring', { trade: 9, list: 14, fitMinutes: 120 }],
  ['pivot', { trade: 2, list: 4, fitMinutes: 60 }],
  ['bushing', { trade: 3, list: 5, fitMinutes: 60 }],
  ['hand', { trade: 4, list: 7, fitMinutes: 30 }],
  ['suspension', { trade: 5, list: 8, fitMinutes: 60 }],
]);

export const STARTING_BINS = [
  ['mainspring', 1],
  ['pivot', 4],
  ['bushing', 2],
  ['hand', 0],
  ['suspension', 1],
];

export const FAULTS = new Map([
  ['broken-mainspring', { label: 'broken mainspring', part: 'mainspring' }],
  ['worn-pivot', { label: 'worn pivot', part: 'pivot' }],
  ['worn-bushing', { label: 'worn bushing', part: 'bushing' }],
  ['bent-hand', { label: 'bent hand', part: 'hand' }],
  ['cracked-suspension', { label: 'cracked suspension spring', part: 'suspension' }],
  ['dirty-movement', { label: 'dirty movement', part: null }],
]);

export const CLOCKS = new Map([
  ['mantel', { label: 'mantel clock', spring: { min: 6, max: 8 } }],
  ['carriage', { label: 'carriage clock', spring: { min: 4, max: 6 } }],
  ['wall', { label: 'wall clock', spring: { min: 7, max: 9 } }],
  ['bracket', { label: 'bracket clock', spring: { min: 5, max: 7 } }],
  ['cuckoo', { label: 'cuckoo clock', spring: null }],
  ['longcase', { label: 'longcase clock', spring: null }],
]);

export const CUSTOMERS = new Map([
  ['hale', { name: 'Mrs Hale', clock: 'mantel', faults: ['dirty-movement', 'worn-pivot'], budget: 90, day: 1 }],
  ['oduya', { name: 'Mr Oduya', clock: 'carriage', faults: ['broken-mainspring'], budget: 70, day: 1 }],
  ['pryce', { name: 'Miss Pryce', clock: 'cuckoo', faults: ['bent-hand'], budget: 40, day: 1 }],
  ['finch', { name: 'Dr Finch', clock: 'wall', faults: ['worn-bushing', 'dirty-movement'], budget: 100, day: 2 }],
  [
    'varga',
    { name: 'Mr Varga', clock: 'longcase', faults: ['cracked-suspension', 'worn-pivot', 'dirty-movement'], budget: 50, day: 2 },
  ],
  ['lund', { name: 'Mrs Lund', clock: 'bracket', faults: ['broken-mainspring', 'bent-hand'], budget: 80, day: 3 }],
  ['marsh', { name: 'Mr Marsh', clock: 'mantel', faults: ['worn-pivot', 'worn-bushing'], budget: 60, day: 4 }],
]);

// ---------------------------------------------------------------------------------------------
// Small helpers

const pad = (n) => String(n).padStart(2, '0');
export const clockTime = (minute) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

export function duration(minutes) {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}h ${m} min` : `${h}h`;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

function parseCount(text) {
  if (typeof text !== 'string' || !/^\d{1,4}$/.test(text)) return null;
  return Number(text);
}

function partName(word) {
  const w = String(word ?? '').toLowerCase();
  if (!PARTS.has(w) && w.endsWith('s') && PARTS.has(w.slice(0, -1))) return w.slice(0, -1);
  return w;
}

function faultLabel(code) {
  return FAULTS.get(code).label;
}

function labourMinutes(job) {
  let minutes = TEST_MINUTES;
  for (const fault of job.faults) {
    const part = FAULTS.get(fault.code).part;
    minutes += part ? PARTS.get(part).fitMinutes : TIMINGS.clean;
  }
  return minutes;
}

export function quoteFor(job) {
  const labour = (labourMinutes(job) / 60) * HOURLY_RATE;
  let parts = 0;
  for (const fault of job.faults) {
    const part = FAULTS.get(fault.code).part;
    if (part) parts += PARTS.get(part).list;
  }
  return Math.round(labour + parts);
}

export const depositFor = (quote) => Math.floor(quote / 4);

// ---------------------------------------------------------------------------------------------
// A game

export function newGame() {
  const game = {
    day: 1,
    minute: OPENS,
    cash: STARTING_CASH,
    bins: new Map(STARTING_BINS),
    orders: [],
    counter: [],
    bench: new Map(),
    nextTicket: 1,
    collected: 0,
    won: false,
    over: false,
    turn: 0,
  };
  arrive(game);
  return game;
}

function arrive(game) {
  const arrivals = [];
  for (const [id, customer] of CUSTOMERS) {
    if (customer.day === game.day) {
      game.counter.push(id);
      arrivals.push(id);
    }
  }
  return arrivals;
}

function describeCustomer(id) {
  const c = CUSTOMERS.get(id);
  return `${c.name} (${CLOCKS.get(c.clock).label})`;
}

export function snapshot(game) {
  return {
    workshopClock: {
      day: game.day,
      weekday: WEEKDAYS[game.day - 1],
      time: clockTime(game.minute),
      closesAt: clockTime(CLOSES),
    },
    cash: game.cash,
    bins: [...game.bins.entries()],
    orders: game.orders.map((o) => ({ ...o })),
    counter: game.counter.map((id) => ({
      customer: id,
      name: CUSTOMERS.get(id).name,
      clock: CUSTOMERS.get(id).clock,
    })),
    bench: [...game.bench.entries()].map(([ticket, job]) => [
      ticket,
      {
        ticket: job.ticket,
        customer: job.customer,
        owner: job.owner,
        clock: job.clock,
        status: job.status,
        faults: job.faults.map((f) => ({ ...f })),
        spring: job.spring ? { ...job.spring } : null,
        quote: job.quote,
        deposit: job.deposit,
        minutesLogged: job.minutesLogged,
      },
    ]),
    progress: { collected: game.collected, target: TARGET, won: game.won, over: game.over },
  };
}

// ---------------------------------------------------------------------------------------------
// Commands. Each returns { ok, text }.

const done = (text) => ({ ok: true, text });
const refuse = (text) => ({ ok: false, text });

function closingCheck(game, minutes, what) {
  if (game.minute + minutes > CLOSES) {
    return refuse(
      `It is ${clockTime(game.minute)} and ${what} takes ${duration(minutes)}; the shop shuts at ${clockTime(CLOSES)}. ` +
        `Use close-up and carry on in the morning.`,
    );
  }
  return null;
}

function spend(game, minutes, job) {
  game.minute += minutes;
  if (job) job.minutesLogged += minutes;
}

function findJob(game, word, usage) {
  if (!word) return { error: refuse(`Which ticket? Usage: ${usage}`) };
  const ticket = word.toUpperCase();
  const job = game.bench.get(ticket);
  if (!job) return { error: refuse(`There is no ticket ${ticket} on the bench.`) };
  return { job };
}

const whose = (job) => `${job.owner}'s ${CLOCKS.get(job.clock).label}`;

function needsRepairStatus(job) {
  if (job.status === 'booked-in') return refuse(`${job.ticket} has not been inspected yet.`);
  if (job.status === 'inspected') return refuse(`${job.ticket} has no agreed quote yet; quote-job first.`);
  if (job.status === 'ready') return refuse(`${job.ticket} has passed its test run and waits for collection.`);
  return null;
}

const HELP_LINE =
  'Commands: look, bins, show-ticket, take-in, inspect, quote-job, clean, fit-part, wind-spring, ' +
  "test-run, order-part, collect, close-up, explain. Try 'explain <command>'.";

const EXPLAIN = new Map([
  ['look', 'look: the workshop clock, the till, who waits at the counter and what is on the bench. Takes no time.'],
  ['bins', 'bins: the parts bins (each holds at most 10) and any parts on order. Takes no time.'],
  ['show-ticket', 'show-ticket <ticket>: the job card of a clock on the bench, e.g. show-ticket J1. Takes no time.'],
  [
    'take-in',
    `take-in <customer>: book in the clock of a customer waiting at the counter (by surname, e.g. take-in hale). ` +
      `Opens a ticket J1, J2, ... The bench holds ${BENCH_SIZE} clocks. Takes 15 min.`,
  ],
  ['inspect', 'inspect <ticket>: open the case and list the faults. Takes 30 min.'],
  [
    'quote-job',
    `quote-job <ticket>: price the repair: bench time at £${HOURLY_RATE} an hour (including the 1h test run) plus ` +
      'parts at list price. The customer pays a quarter of it (rounded down) as a deposit, or declines and takes ' +
      'the clock home if it is over their budget. Takes 15 min.',
  ],
  ['clean', 'clean <ticket>: strip and clean a dirty movement. Takes 2h.'],
  [
    'fit-part',
    'fit-part <ticket> <part>: take a part from its bin and mend the fault that needs it. Parts: mainspring (2h), ' +
      'pivot (1h), bushing (1h), hand (30 min), suspension (1h). A new mainspring comes let down (0 turns).',
  ],
  [
    'wind-spring',
    `wind-spring <ticket> <turns>: wind the mainspring by 1 to ${MAX_TURNS_PER_WIND} turns, ${MINUTES_PER_TURN} min a turn. ` +
      'Each clock wants its spring within a range of turns; winding past the top of the range snaps the spring.',
  ],
  [
    'test-run',
    'test-run <ticket>: run the clock on the test stand for 1h. It passes when every fault is mended and the ' +
      'mainspring (if it has one) sits within its range; then the clock is ready for collection.',
  ],
  [
    'order-part',
    'order-part <part> <qty>: order parts at trade price, paid now from the till. They arrive when the shop ' +
      'opens next morning. A bin, with what is on order, holds at most 10. Takes no time.',
  ],
  [
    'collect',
    'collect <ticket>: the customer collects a ready clock and pays the quote less the deposit. Takes 15 min.',
  ],
  [
    'close-up',
    `close-up: shut the shop for the night. Rent of £${RENT} is paid; next morning orders arrive and new ` +
      `customers come in. Friday's close-up ends the week: collect ${TARGET} repaired clocks before then.`,
  ],
  ['explain', 'explain <command>: how a command works.'],
  ['help', 'help: the list of commands.'],
]);

function cmdHelp() {
  return done(HELP_LINE);
}

function cmdExplain(game, args) {
  const word = (args[0] ?? '').toLowerCase();
  if (!word) return refuse("Explain which command? e.g. 'explain fit-part'.");
  const text = EXPLAIN.get(word);
  if (!text) return refuse(`There is no command '${word}'. ${HELP_LINE}`);
  return done(text);
}

function cmdLook(game) {
  const lines = [];
  lines.push(
    `${WEEKDAYS[game.day - 1]} ${clockTime(game.minute)} (the shop shuts at ${clockTime(CLOSES)}). Till: £${game.cash}.`,
  );
  lines.push(
    game.counter.length
      ? `At the counter: ${game.counter.map(describeCustomer).join(', ')}.`
      : 'Nobody is waiting at the counter.',
  );
  if (game.bench.size === 0) {
    lines.push('The bench is clear.');
  } else {
    for (const job of game.bench.values()) lines.push(`${job.ticket}: ${whose(job)}, ${job.status}.`);
  }
  lines.push(`Collected this week: ${game.collected} of ${TARGET}.`);
  if (game.over) lines.push(game.won ? 'The week is won.' : 'The week is over.');
  return done(lines.join('\n'));
}

function cmdBins(game) {
  const stock = [...game.bins].map(([part, n]) => `${part} ${n}`).join(', ');
  const orders = game.orders.length
    ? ` On order: ${game.orders.map((o) => `${o.qty} ${o.part}`).join(', ')}.`
    : ' Nothing on order.';
  return done(`Bins: ${stock}.${orders}`);
}

function cmdShowTicket(game, args) {
  const { job, error } = findJob(game, args[0], 'show-ticket <ticket>');
  if (error) return error;
  const lines = [`${job.ticket}: ${whose(job)}, ${job.status}.`];
  if (job.status === 'booked-in') {
    lines.push('Not inspected yet.');
  } else {
    const faults = job.faults.map((f) => `${faultLabel(f.code)}${f.mended ? ' (mended)' : ''}`);
    lines.push(`Faults: ${faults.join(', ')}.`);
  }
  if (job.spring) lines.push(`Mainspring: ${job.spring.turns} turns (wants ${job.spring.min}-${job.spring.max}).`);
  else lines.push('Weight-driven: no mainspring.');
  if (job.quote !== null) lines.push(`Quote £${job.quote}, deposit £${job.deposit} paid.`);
  lines.push(`Bench time so far: ${duration(job.minutesLogged)}.`);
  return done(lines.join('\n'));
}

function cmdTakeIn(game, args) {
  const id = (args[0] ?? '').toLowerCase();
  if (!id) return refuse('Take in whose clock? Usage: take-in <customer>');
  if (!game.counter.includes(id)) {
    const waiting = game.counter.length ? game.counter.join(', ') : 'nobody';
    return refuse(`Nobody called '${id}' is waiting at the counter (waiting: ${waiting}).`);
  }
  if (game.bench.size >= BENCH_SIZE) {
    return refuse(`The bench already holds ${BENCH_SIZE} clocks. Finish one first.`);
  }
  const late = closingCheck(game, TIMINGS['take-in'], 'booking in');
  if (late) return late;
  const customer = CUSTOMERS.get(id);
  const clock = CLOCKS.get(customer.clock);
  const ticket = `J${game.nextTicket}`;
  game.nextTicket += 1;
  const job = {
    ticket,
    customer: id,
    owner: customer.name,
    clock: customer.clock,
    status: 'booked-in',
    faults: [],
    spring: clock.spring ? { turns: 0, min: clock.spring.min, max: clock.spring.max } : null,
    quote: null,
    deposit: null,
    minutesLogged: 0,
  };
  game.counter = game.counter.filter((c) => c !== id);
  game.bench.set(ticket, job);
  spend(game, TIMINGS['take-in'], job);
  return done(`You book in ${whose(job)} as ticket ${ticket}.`);
}

function cmdInspect(game, args) {
  const { job, error } = findJob(game, args[0], 'inspect <ticket>');
  if (error) return error;
  if (job.status !== 'booked-in') {
    return done(`${job.ticket} is already inspected: ${job.faults.map((f) => faultLabel(f.code)).join(', ')}.`);
  }
  const late = closingCheck(game, TIMINGS.inspect, 'an inspection');
  if (late) return late;
  job.faults = CUSTOMERS.get(job.customer).faults.map((code) => ({ code, mended: false }));
  job.status = 'inspected';
  spend(game, TIMINGS.inspect, job);
  const found = job.faults.map((f) => faultLabel(f.code)).join(', ');
  const spring = job.spring ? ` The mainspring is let down (0 turns); it wants ${job.spring.min}-${job.spring.max}.` : '';
  return done(`You open ${whose(job)} and find: ${found}.${spring}`);
}

function cmdQuoteJob(game, args) {
  const { job, error } = findJob(game, args[0], 'quote-job <ticket>');
  if (error) return error;
  if (job.status === 'booked-in') return refuse(`Inspect ${job.ticket} before you quote for it.`);
  if (job.status !== 'inspected') return refuse(`${job.ticket} already has an agreed quote of £${job.quote}.`);
  const late = closingCheck(game, TIMINGS['quote-job'], 'writing a quote');
  if (late) return late;
  spend(game, TIMINGS['quote-job'], job);
  const quote = quoteFor(job);
  const customer = CUSTOMERS.get(job.customer);
  if (quote > customer.budget) {
    game.bench.delete(job.ticket);
    return done(
      `${customer.name} will not pay £${quote} for this repair and takes the ${CLOCKS.get(job.clock).label} ` +
        `home again. Ticket ${job.ticket} is closed.`,
    );
  }
  job.quote = quote;
  job.deposit = depositFor(quote);
  job.status = 'in-repair';
  game.cash += job.deposit;
  return done(`${customer.name} accepts the quote of £${quote} and leaves a £${job.deposit} deposit. Work on ${job.ticket} can start.`);
}

function cmdClean(game, args) {
  const { job, error } = findJob(game, args[0], 'clean <ticket>');
  if (error) return error;
  const blocked = needsRepairStatus(job);
  if (blocked) return blocked;
  const dirt = job.faults.find((f) => f.code === 'dirty-movement' && !f.mended);
  if (!dirt) return refuse(`The movement of ${job.ticket} does not need cleaning.`);
  const late = closingCheck(game, TIMINGS.clean, 'a clean');
  if (late) return late;
  dirt.mended = true;
  spend(game, TIMINGS.clean, job);
  return done(`You strip, clean and oil the movement of ${whose(job)} (${duration(TIMINGS.clean)}).`);
}

function cmdFitPart(game, args) {
  const { job, error } = findJob(game, args[0], 'fit-part <ticket> <part>');
  if (error) return error;
  if (!args[1]) return refuse('Fit which part? Usage: fit-part <ticket> <part>');
  const part = partName(args[1]);
  if (!PARTS.has(part)) return refuse(`There is no bin for '${part}'. Parts: ${[...PARTS.keys()].join(', ')}.`);
  const blocked = needsRepairStatus(job);
  if (blocked) return blocked;
  if (!job.faults.some((f) => !f.mended && FAULTS.get(f.code).part === part)) {
    return refuse(`Nothing in ${whose(job)} needs a new ${part}.`);
  }
  if (game.bins.get(part) < 1) return refuse(`The ${part} bin is empty. Order some with order-part.`);
  const minutes = PARTS.get(part).fitMinutes;
  const late = closingCheck(game, minutes, `fitting a ${part}`);
  if (late) return late;
  game.bins.set(part, game.bins.get(part) - 1);
  const fault = job.faults.find((f) => !f.mended);
  fault.mended = true;
  if (part === 'mainspring') job.spring.turns = 0;
  spend(game, minutes, job);
  return done(`You fit a new ${part} in ${whose(job)} (${duration(minutes)}).`);
}

function cmdWindSpring(game, args) {
  const { job, error } = findJob(game, args[0], 'wind-spring <ticket> <turns>');
  if (error) return error;
  const turns = parseCount(args[1]);
  if (turns === null || turns < 1 || turns > MAX_TURNS_PER_WIND) {
    return refuse(`Wind between 1 and ${MAX_TURNS_PER_WIND} turns at a time. Usage: wind-spring <ticket> <turns>`);
  }
  if (!job.spring) return refuse(`${whose(job)} is weight-driven; there is no mainspring to wind.`);
  const blocked = needsRepairStatus(job);
  if (blocked) return blocked;
  if (job.faults.some((f) => f.code === 'broken-mainspring' && !f.mended)) {
    return refuse(`The mainspring of ${job.ticket} is broken; fit a new one first.`);
  }
  const minutes = turns * MINUTES_PER_TURN;
  const late = closingCheck(game, minutes, `winding ${plural(turns, 'turn')}`);
  if (late) return late;
  spend(game, minutes, job);
  const spring = job.spring;
  const total = spring.turns + turns;
  if (total >= spring.max) {
    spring.turns = 0;
    job.faults.push({ code: 'broken-mainspring', mended: false });
    return done(
      `Crack! The mainspring of ${whose(job)} lets go at ${plural(total, 'turn')}. ` +
        'It needs a new mainspring, at the workshop\'s cost.',
    );
  }
  spring.turns = total;
  const where = total < spring.min ? 'still short of' : 'within';
  return done(
    `You wind ${whose(job)} ${plural(turns, 'turn')} (${duration(minutes)}); ` +
      `the mainspring now holds ${plural(turns, 'turn')}, ${where} its ${spring.min}-${spring.max}.`,
  );
}

function cmdTestRun(game, args) {
  const { job, error } = findJob(game, args[0], 'test-run <ticket>');
  if (error) return error;
  const blocked = needsRepairStatus(job);
  if (blocked) return blocked;
  const late = closingCheck(game, TEST_MINUTES, 'a test run');
  if (late) return late;
  spend(game, TEST_MINUTES, job);
  const open = job.faults.find((f) => !f.mended);
  if (open) {
    return done(`${whose(job)} stops on the test stand within the hour: the ${faultLabel(open.code)} still needs seeing to.`);
  }
  if (job.spring && (job.spring.turns < job.spring.min || job.spring.turns > job.spring.max)) {
    return done(
      `${whose(job)} falters on the test stand: the mainspring holds ${plural(job.spring.turns, 'turn')} ` +
        `and wants ${job.spring.min}-${job.spring.max}.`,
    );
  }
  job.status = 'ready';
  return done(`${whose(job)} keeps good time for the hour on the test stand. ${job.ticket} is ready for collection.`);
}

function cmdOrderPart(game, args) {
  if (!args[0] || !args[1]) return refuse('Usage: order-part <part> <qty>');
  const part = partName(args[0]);
  const qty = parseCount(args[1]);
  if (qty === null || qty < 1) return refuse('Order at least one, as a whole number: order-part <part> <qty>');
  const onOrder = game.orders.filter((o) => o.part === part).reduce((sum, o) => sum + o.qty, 0);
  const stock = game.bins.get(part);
  if (stock + onOrder + qty > BIN_CAPACITY) {
    return refuse(
      `The ${part} bin holds ${BIN_CAPACITY}; it has ${stock} and ${onOrder} on order, so there is no room for ${qty} more.`,
    );
  }
  const cost = PARTS.get(part).trade * qty;
  if (cost > game.cash) return refuse(`${qty} ${part} cost £${cost} and the till holds £${game.cash}.`);
  game.cash -= cost;
  game.orders.push({ part, qty, cost, placedOn: game.day });
  return done(`You order ${qty} ${part} for £${cost}. They come with the carrier when the shop opens tomorrow.`);
}

function cmdCollect(game, args) {
  const { job, error } = findJob(game, args[0], 'collect <ticket>');
  if (error) return error;
  if (job.status !== 'ready') return refuse(`${job.ticket} is not ready: it has to pass a test run first.`);
  const late = closingCheck(game, TIMINGS.collect, 'a collection');
  if (late) return late;
  spend(game, TIMINGS.collect, job);
  const balance = job.quote - job.deposit;
  game.cash += job.quote;
  game.bench.delete(job.ticket);
  game.collected += 1;
  let text = `${job.owner} collects the ${CLOCKS.get(job.clock).label} and pays the £${balance} balance.`;
  if (game.collected >= TARGET && !game.won) {
    game.won = true;
    game.over = true;
    text += ` That is ${TARGET} clocks out of the door this week: the workshop has earned its keep. You win!`;
  }
  return done(text);
}

function deliver(game) {
  const arriving = new Map();
  for (const order of game.orders) arriving.set(order.part, order.qty);
  for (const [part, qty] of arriving) game.bins.set(part, game.bins.get(part) + qty);
  game.orders = [];
  return arriving;
}

function cmdCloseUp(game) {
  game.cash -= RENT;
  const lines = [`You close up for the night and pay £${RENT} rent. Till: £${game.cash}.`];
  if (game.day >= LAST_DAY) {
    game.over = true;
    lines.push(`That was Friday. You collected ${game.collected} of ${TARGET} clocks this week; the week is lost.`);
    return done(lines.join('\n'));
  }
  game.day += 1;
  game.minute = OPENS;
  const arrived = deliver(game);
  lines.push(`${WEEKDAYS[game.day - 1]} ${clockTime(game.minute)}: the shop opens.`);
  if (arrived.size) {
    lines.push(`The carrier brings ${[...arrived].map(([part, qty]) => `${qty} ${part}`).join(', ')}.`);
  }
  const customers = arrive(game);
  if (customers.length) lines.push(`New at the counter: ${customers.map(describeCustomer).join(', ')}.`);
  return done(lines.join('\n'));
}

const COMMANDS = new Map([
  ['help', cmdHelp],
  ['explain', cmdExplain],
  ['look', cmdLook],
  ['bins', cmdBins],
  ['show-ticket', cmdShowTicket],
  ['take-in', cmdTakeIn],
  ['inspect', cmdInspect],
  ['quote-job', cmdQuoteJob],
  ['clean', cmdClean],
  ['fit-part', cmdFitPart],
  ['wind-spring', cmdWindSpring],
  ['test-run', cmdTestRun],
  ['order-part', cmdOrderPart],
  ['collect', cmdCollect],
  ['close-up', cmdCloseUp],
]);

const ALWAYS_ALLOWED = new Set(['help', 'explain', 'look', 'bins', 'show-ticket']);

export function runCommand(game, line) {
  game.turn += 1;
  const words = String(line).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return refuse(`Say something. ${HELP_LINE}`);
  const verb = words[0].toLowerCase();
  const handler = COMMANDS.get(verb);
  if (!handler) return refuse(`'${verb}' is not a workshop command. ${HELP_LINE}`);
  if (game.over && !ALWAYS_ALLOWED.has(verb)) {
    return refuse('The week is over and the shop is shut. Start a new game to play again.');
  }
  return handler(game, words.slice(1));
}

// ---------------------------------------------------------------------------------------------
// HTTP

const MAX_BODY = 64 * 1024;

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function send(res, status, body) {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(data),
  });
  res.end(data);
}

async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'request body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'body is not valid JSON');
  }
}

const WELCOME =
  'Escapement. You keep a clock repair workshop for the week, Monday to Friday, 08:00 to 18:00. ' +
  `Get ${TARGET} repaired clocks collected and paid for before Friday's close-up. `;

export function createApp() {
  const games = new Map();

  async function route(req, res) {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname;

    if (path === '/healthz') {
      if (req.method !== 'GET') throw new HttpError(405, 'use GET');
      return send(res, 200, { ok: true, games: games.size });
    }

    if (path === '/api/agent/new') {
      if (req.method !== 'POST') throw new HttpError(405, 'use POST');
      await readJson(req).catch(() => ({}));
      const id = randomUUID();
      const game = newGame();
      games.set(id, game);
      const look = cmdLook(game).text;
      return send(res, 200, { game_id: id, message: `${WELCOME}\n${look}\n${HELP_LINE}`, state: snapshot(game) });
    }

    if (path === '/api/agent/command') {
      if (req.method !== 'POST') throw new HttpError(405, 'use POST');
      const body = await readJson(req);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new HttpError(400, 'body must be a JSON object');
      }
      const { game_id: id, command } = body;
      if (typeof id !== 'string' || typeof command !== 'string') {
        throw new HttpError(400, 'need a string game_id and a string command');
      }
      const game = games.get(id);
      if (!game) throw new HttpError(404, `no game ${id}`);
      const result = runCommand(game, command);
      return send(res, 200, {
        success: result.ok,
        message: result.text,
        state: snapshot(game),
        game_over: game.over,
        turn: game.turn,
      });
    }

    const match = path.match(/^\/api\/agent\/state\/([^/]+)$/);
    if (match) {
      if (req.method !== 'GET') throw new HttpError(405, 'use GET');
      let id;
      try {
        id = decodeURIComponent(match[1]);
      } catch {
        throw new HttpError(400, 'malformed game id');
      }
      const game = games.get(id);
      if (!game) throw new HttpError(404, `no game ${id}`);
      return send(res, 200, { game_id: id, state: snapshot(game) });
    }

    throw new HttpError(404, `nothing at ${path}`);
  }

  const server = createServer(async (req, res) => {
    try {
      await route(req, res);
    } catch (err) {
      if (err instanceof HttpError) {
        send(res, err.status, { error: err.message });
      } else {
        console.error(err);
        if (!res.headersSent) send(res, 500, { error: 'internal error' });
        else res.destroy();
      }
    }
  });
  return server;
}

export async function start({ port, host } = {}) {
  const server = createApp();
  await new Promise((resolve) => server.listen(port, host, resolve));
  return server;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const port = Number(process.env.ESCAPEMENT_PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const server = await start({ port, host });
  console.log(`escapement listening on http://${host}:${server.address().port}`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
