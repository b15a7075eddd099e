'use strict';

// Emberfold: one evening of service in a small kitchen.
// Everything here is plain data plus functions over it, so the HTTP layer can stay thin
// and the tests can drive a kitchen without a socket.

const RULES = Object.freeze({
  startCash: 30,
  startStars: 3,
  maxStars: 5,
  target: 110,
  patience: 15,
  tipWindow: 5,
  tip: 3,
  streakForStar: 3,
  passSize: 3,
  serveMinutes: 1,
  maxWait: 30,
  maxBuy: 20,
});

const MARKET = Object.freeze({ veg: 2, flour: 1, cheese: 3, meat: 5, fish: 6 });

const START_PANTRY = Object.freeze({ veg: 4, flour: 2, cheese: 1, meat: 1, fish: 0 });

const DISHES = Object.freeze({
  broth: { needs: { veg: 2 }, minutes: 2, price: 8 },
  pie: { needs: { meat: 1, flour: 1 }, minutes: 3, price: 14 },
  trout: { needs: { fish: 1, veg: 1 }, minutes: 3, price: 16 },
  tart: { needs: { flour: 1, cheese: 1 }, minutes: 2, price: 10 },
});

// The evening's bookings: the minute each ticket reaches the rail, and what it asks for.
const BOOKINGS = Object.freeze([
  { at: 0, dish: 'broth' },
  { at: 2, dish: 'pie' },
  { at: 6, dish: 'trout' },
  { at: 10, dish: 'tart' },
  { at: 14, dish: 'pie' },
  { at: 18, dish: 'broth' },
  { at: 22, dish: 'trout' },
  { at: 26, dish: 'tart' },
]);

const HELP = [
  'EMBERFOLD - kitchen card',
  '',
  '  look                 the rail, the pass, the pantry and the till',
  '  menu                 dishes, what they need, cook times and prices',
  '  market               what the runner can fetch, and what it costs',
  '  buy <n> <item>       send the runner for n of an item (also: buy <item> [n])',
  '  cook <dish>          cook one dish and put the plate on the pass',
  '  serve <ticket>       send a plate from the pass to a ticket, e.g. serve 3 or serve #3',
  '  toss <dish>          bin a plate that is sitting on the pass',
  '  wait [minutes]       let the clock run (1 to 30 minutes, default 1)',
  '  help                 this card',
  '',
  'Cooking takes the dish\'s cook time, serving takes 1 minute, buying and tossing take none.',
  `Finish the evening with at least ${RULES.target} coins and at least one star. The numbers are in RULES.md.`,
].join('\n');

function newKitchen() {
  const k = {
    clock: 0,
    cash: RULES.startCash,
    stars: RULES.startStars,
    streak: 0,
    pantry: { ...START_PANTRY },
    pass: [],
    rail: [],
    booked: 0,
    ledger: { spent: 0, taken: 0 },
    stats: { served: 0, onTime: 0, walkouts: 0, tossed: 0 },
    status: 'open',
    turn: 0,
  };
  const notes = [];
  arrive(k, notes);
  const message = [
    'Evening service at Emberfold. The stove is lit and the first ticket is already printing.',
    ...notes,
    'Type "help" for the kitchen card.',
  ].join('\n');
  return { kitchen: k, message };
}

function arrive(k, notes) {
  while (k.booked < BOOKINGS.length && BOOKINGS[k.booked].at <= k.clock) {
    const booking = BOOKINGS[k.booked];
    k.booked += 1;
    k.rail.push({ ticket: k.booked, dish: booking.dish, arrivedAt: booking.at });
    notes.push(`Ticket #${k.booked} on the rail: one ${booking.dish}.`);
  }
}

function walkouts(k, notes) {
  for (const t of k.rail.slice()) {
    if (k.clock - t.arrivedAt <= RULES.patience) continue;
    k.rail.splice(k.rail.indexOf(t), 1);
    k.stars -= 1;
    k.stats.walkouts += 1;
    notes.push(`Table #${t.ticket} gave up on their ${t.dish} and left. -1 star (${k.stars} left).`);
    if (k.stars <= 0) {
      k.status = 'lost';
      notes.push('The last star is gone. The owner closes the kitchen for the night.');
      return;
    }
  }
}

function tick(k, minutes, notes) {
  for (let i = 0; i < minutes && k.status === 'open'; i++) {
    k.clock += 1;
    arrive(k, notes);
    walkouts(k, notes);
  }
}

function closeIfDone(k, notes) {
  if (k.status !== 'open' || k.booked < BOOKINGS.length || k.rail.length > 0) return;
  if (k.cash >= RULES.target) {
    k.status = 'won';
    notes.push(`Last ticket closed at minute ${k.clock}. ${k.cash} coins in the till: a good night. You win!`);
  } else {
    k.status = 'lost';
    notes.push(`Last ticket closed at minute ${k.clock} with ${k.cash} coins; the night needed ${RULES.target}.`);
  }
}

function ok(message, notes = []) {
  return { success: true, message: [message, ...notes].join('\n') };
}

function fail(message) {
  return { success: false, message };
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function describe(k) {
  const lines = [`Minute ${k.clock}. Till: ${k.cash} coins. Stars: ${k.stars}/${RULES.maxStars}.`];
  if (k.rail.length === 0) {
    lines.push('Rail: no tickets waiting.');
  } else {
    lines.push('Rail:');
    for (const t of k.rail) {
      lines.push(`  #${t.ticket} ${t.dish}, waiting ${plural(k.clock - t.arrivedAt, 'minute')}`);
    }
  }
  lines.push(`Pass (${k.pass.length}/${RULES.passSize}): ${k.pass.length ? k.pass.join(', ') : 'empty'}.`);
  lines.push(`Pantry: ${Object.entries(k.pantry).map(([item, n]) => `${n} ${item}`).join(', ')}.`);
  const left = BOOKINGS.length - k.booked;
  lines.push(left ? `${plural(left, 'ticket')} still to come tonight.` : 'No more bookings tonight.');
  return lines.join('\n');
}

function menu() {
  const lines = ['Tonight\'s menu:'];
  for (const [name, d] of Object.entries(DISHES)) {
    const needs = Object.entries(d.needs).map(([item, n]) => `${n} ${item}`).join(' + ');
    lines.push(`  ${name.padEnd(6)} ${needs.padEnd(18)} ${d.minutes} min   ${d.price} coins`);
  }
  lines.push(`Served within ${RULES.tipWindow} minutes of the ticket: +${RULES.tip} coins tip.`);
  return lines.join('\n');
}

function market() {
  const prices = Object.entries(MARKET).map(([item, p]) => `${item} ${p}`).join(', ');
  return `The runner fetches from the market (coins each): ${prices}. Up to ${RULES.maxBuy} per trip.`;
}

function buy(k, args) {
  if (args.length === 0 || args.length > 2) return fail('Buy what? For example: buy 2 fish');
  let [item, count] = args;
  if (/^\d+$/.test(item)) [count, item] = [item, count];
  if (!item) return fail('Buy how many of what? For example: buy 2 fish');
  if (!Object.hasOwn(MARKET, item)) {
    return fail(`The runner shrugs: the market has no "${item}". It sells ${Object.keys(MARKET).join(', ')}.`);
  }
  if (count !== undefined && !/^\d+$/.test(count)) return fail(`"${count}" is not a number of ${item}.`);
  const qty = count === undefined ? 1 : Number(count);
  if (qty < 1 || qty > RULES.maxBuy) return fail(`The runner carries 1 to ${RULES.maxBuy} per trip.`);
  const cost = qty * MARKET[item];
  if (cost > k.cash) return fail(`${qty} ${item} costs ${cost} coins and the till holds ${k.cash}.`);
  k.cash -= cost;
  k.ledger.spent += cost;
  k.pantry[item] += qty;
  return ok(`The runner brings ${qty} ${item} for ${cost} coins. Pantry: ${qty} ${item}. Till: ${k.cash} coins.`);
}

function cook(k, args) {
  const name = args.join(' ');
  if (!name) return fail('Cook what? "menu" lists the dishes.');
  if (!Object.hasOwn(DISHES, name)) return fail(`"${name}" is not on tonight's menu.`);
  if (k.pass.length >= RULES.passSize) {
    return fail(`The pass is full (${RULES.passSize} plates). Serve or toss a plate first.`);
  }
  const dish = DISHES[name];
  const short = Object.entries(dish.needs).filter(([item, n]) => k.pantry[item] < n);
  if (short.length) {
    const missing = short.map(([item, n]) => `${n} ${item} (you have ${k.pantry[item]})`).join(' and ');
    return fail(`Not enough for a ${name}: it needs ${missing}.`);
  }
  for (const item in dish.needs) k.pantry[item]--;
  k.pass.push(name);
  const notes = [];
  tick(k, dish.minutes, notes);
  return ok(`You cook a ${name} (${dish.minutes} min) and set it on the pass.`, notes);
}

function serve(k, args) {
  const raw = args.length === 1 ? args[0].replace(/^#/, '') : '';
  if (!/^\d+$/.test(raw)) return fail('Serve which ticket? For example: serve 3');
  const no = Number(raw);
  if (no < 1 || no > k.booked) return fail(`Ticket #${no} has not come in yet.`);
  const ticket = k.rail.find((t) => t.ticket === no);
  const at = k.pass.indexOf(ticket.dish);
  if (at === -1) return fail(`Ticket #${no} wants a ${ticket.dish}, and there is none on the pass.`);

  k.pass.splice(at, 1);
  k.rail.splice(k.rail.indexOf(ticket), 1);
  const waited = k.clock - ticket.arrivedAt;
  const price = DISHES[ticket.dish].price;
  const notes = [];
  let tip = 0;

  if (waited < RULES.tipWindow) {
    tip = RULES.tip;
    k.stats.onTime += 1;
    k.streak += 1;
    if (k.streak >= RULES.streakForStar) {
      k.streak = 0;
      if (k.stars < RULES.maxStars) {
        k.stars += 1;
        notes.push(`${RULES.streakForStar} plates on time in a row: +1 star (${k.stars} now).`);
      }
    }
  } else {
    k.streak = 0;
  }

  k.cash += price + tip;
  k.ledger.taken += price;
  k.stats.served += 1;
  const paid = tip ? `+${price + tip} coins (${price} + ${tip} tip)` : `+${price} coins, no tip`;
  const message = `Table #${no} gets their ${ticket.dish} after ${plural(waited, 'minute')}. ${paid}.`;
  tick(k, RULES.serveMinutes, notes);
  return ok(message, notes);
}

function toss(k, args) {
  const name = args.join(' ');
  if (!name) return fail('Toss which plate?');
  const at = k.pass.indexOf(name);
  if (at === -1) return fail(`There is no ${name} on the pass.`);
  k.pass.splice(at, 1);
  k.stats.tossed += 1;
  return ok(`You scrape the ${name} into the bin. ${k.pass.length} on the pass.`);
}

function wait(k, args) {
  if (args.length > 1 || (args.length === 1 && !/^\d+$/.test(args[0]))) {
    return fail(`Wait how long? For example: wait 3 (1 to ${RULES.maxWait} minutes)`);
  }
  const minutes = args.length ? Number(args[0]) : 1;
  if (minutes < 1 || minutes > RULES.maxWait) return fail(`You can wait 1 to ${RULES.maxWait} minutes at a time.`);
  const notes = [];
  tick(k, minutes, notes);
  return ok(`You wipe down the station. ${plural(minutes, 'minute')} pass${minutes === 1 ? 'es' : ''}.`, notes);
}

const ACTIONS = { buy, cook, serve, toss, wait };

const ALIASES = { l: 'look', status: 'look', '?': 'help', prices: 'market', bin: 'toss', fire: 'cook' };

function runCommand(k, text) {
  k.turn += 1;
  const words = String(text).trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fail('Say something, chef. "help" shows the kitchen card.');
  const verb = ALIASES[words[0]] || words[0];
  const args = words.slice(1);
  if (verb === 'help') return ok(HELP);
  if (verb === 'look') return ok(describe(k));
  if (verb === 'menu') return ok(menu());
  if (verb === 'market') return ok(market());
  if (!Object.hasOwn(ACTIONS, verb)) return fail(`"${words[0]}" is not on the kitchen card. Try "help".`);
  if (k.status !== 'open') return fail(`Service is over (${k.status}). "look" still shows the kitchen.`);
  const result = ACTIONS[verb](k, args);
  if (result.success) {
    const notes = [];
    closeIfDone(k, notes);
    if (notes.length) result.message = [result.message, ...notes].join('\n');
  }
  return result;
}

function snapshot(k) {
  return {
    clock: k.clock,
    cash: k.cash,
    stars: k.stars,
    streak: k.streak,
    pantry: { ...k.pantry },
    pass: [...k.pass],
    rail: k.rail.map((t) => ({ ...t, waited: k.clock - t.arrivedAt })),
    ledger: { ...k.ledger },
    stats: { ...k.stats },
    service: {
      status: k.status,
      won: k.status === 'won',
      target: RULES.target,
      ticketsToCome: BOOKINGS.length - k.booked,
    },
  };
}

module.exports = { RULES, MARKET, DISHES, BOOKINGS, START_PANTRY, newKitchen, runCommand, snapshot };
