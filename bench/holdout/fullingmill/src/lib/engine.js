'use strict';
// The mill's engine. Commands are decided against the current state and, when accepted, recorded as
// events; the state is never edited directly but rebuilt by folding the whole event log.

const {
  RULES, TASK_HOURS, FULLING_HOURS, MERCHANTS, RIVER, riverOn, freshCode, auctionFor,
} = require('./almanac');

const STAGES = ['fleece', 'scoured', 'carded', 'yarn', 'cloth'];
const STEP = {
  scour: { from: 'fleece', to: 'scoured', event: 'scoured', noun: 'fleece' },
  card: { from: 'scoured', to: 'carded', event: 'carded', noun: 'scoured wool' },
  spin: { from: 'carded', to: 'yarn', event: 'spun', noun: 'carded wool' },
};
const PAST = { scour: 'scoured', card: 'carded', spin: 'spun', weave: 'woven', full: 'fulled' };

// ---------------------------------------------------------------- projection

function initialState() {
  const used = new Set();
  return {
    day: 1,
    hours_used: 0,
    money: RULES.START_MONEY,
    lots: {},
    bolts: 0,
    auction: auctionFor(1, used),
    used,
    delivered: { hale: 0, orme: 0 },
    pending: null,
    won: false,
    season_over: false,
    bankrupt: false,
    turn: 0,
  };
}

function reduce(s, ev) {
  const d = ev.data;
  s.turn = ev.seq;
  switch (ev.type) {
    case 'inquired':
      break;
    case 'purchase_proposed':
      s.pending = { kind: 'purchase', code: d.code, weight_kg: d.weight_kg, price: d.price };
      break;
    case 'sale_proposed':
      s.pending = { kind: 'sale', merchant: d.merchant, bolts: d.bolts, amount: d.amount };
      break;
    case 'proposal_cancelled':
      s.pending = null;
      break;
    case 'fleece_bought':
      s.money -= d.price;
      s.lots[d.code] = { stage: 'fleece', weight_kg: d.weight_kg };
      s.auction = s.auction.filter((lot) => lot.code !== d.code);
      s.pending = null;
      break;
    case 'scoured':
    case 'carded':
    case 'spun':
      s.lots[d.code] = { stage: d.stage, weight_kg: d.weight_kg };
      s.hours_used += d.hours;
      break;
    case 'woven':
      for (const code of d.from) delete s.lots[code];
      s.lots[d.code] = { stage: 'cloth', weight_kg: d.weight_kg };
      s.used.add(d.code);
      s.hours_used += d.hours;
      break;
    case 'fulled':
      delete s.lots[d.code];
      s.bolts += Math.floor(d.weight_kg / RULES.KG_PER_BOLT);
      s.hours_used += d.hours;
      break;
    case 'bolts_sold':
      s.bolts -= d.bolts;
      s.money += d.amount;
      s.delivered[d.merchant] += d.bolts;
      s.pending = null;
      if (s.delivered.hale >= MERCHANTS.hale.contract_bolts) s.won = true;
      break;
    case 'day_ended':
      s.money -= d.wages;
      if (s.money < 0) {
        s.money = 0;
        s.bankrupt = true;
        break;
      }
      s.day += 1;
      s.hours_used = 0;
      if (s.day >= RULES.SEASON_DAYS) {
        s.season_over = true;
        break;
      }
      s.auction = auctionFor(s.day, s.used);
      break;
    default:
      throw new Error(`unknown event type ${ev.type}`);
  }
  return s;
}

function rebuild(events) {
  return events.reduce(reduce, initialState());
}

function isOver(s) {
  return s.won || s.season_over || s.bankrupt;
}

function view(s, events) {
  const lots = {};
  for (const code of Object.keys(s.lots).sort()) lots[code] = { ...s.lots[code] };
  const merchants = {};
  for (const [key, m] of Object.entries(MERCHANTS)) {
    merchants[key] = { name: m.name, price: m.price, contract_bolts: m.contract_bolts, delivered: s.delivered[key] };
  }
  return {
    mill: 'Fullingmill',
    day: s.day,
    season_days: RULES.SEASON_DAYS,
    hours_left: RULES.HOURS_PER_DAY - s.hours_used,
    money: s.money,
    river: RIVER[s.day],
    lots,
    bolts: s.bolts,
    auction: s.auction.map((lot) => ({ ...lot })),
    merchants,
    contract: {
      merchant: 'hale',
      bolts: MERCHANTS.hale.contract_bolts,
      delivered: s.delivered.hale,
      remaining: Math.max(0, MERCHANTS.hale.contract_bolts - s.delivered.hale),
    },
    pending: s.pending ? { ...s.pending } : null,
    won: s.won,
    lost: !s.won && (s.season_over || s.bankrupt),
    game_over: isOver(s),
    turn: s.turn,
    events: events.slice(-RULES.EVENTS_SHOWN).map((e) => ({ seq: e.seq, type: e.type, data: e.data })),
  };
}

// ---------------------------------------------------------------- commands

const HELP_ROWS = [
  ['help', '', 'Shows this table.'],
  ['look', '', 'Describes the day, the purse, the river and the loft.'],
  ['auction', '', "Lists today's fleeces at the auction ring."],
  ['buy', '<code>', 'Buys a fleece from the auction (asks for confirmation).'],
  ['scour', '<code>', 'Scours a fleece: 2 hours, a quarter of its weight is lost.'],
  ['card', '<code>', 'Cards scoured wool: 2 hours.'],
  ['spin', '<code>', 'Spins carded wool into yarn: 3 hours.'],
  ['weave', '<code> [<code>]', 'Weaves one or two yarn lots (24 kg at most) into cloth: 4 hours.'],
  ['full', '<code>', 'Fulls cloth at the stock into bolts (1 per 4 kg); needs the river.'],
  ['river', '', "Reports today's river level and tomorrow's."],
  ['merchants', '', 'Lists the merchants, their prices and the contract.'],
  ['sell', '<n> bolts to <merchant>', 'Sells bolts to a merchant (asks for confirmation).'],
  ['sleep', '', 'Ends the day and pays the wages (6 marks).'],
  ['yes / no', '', 'Answers a pending question.'],
];

function helpTable() {
  const head = ['COMMAND', 'ARGUMENTS', 'WHAT IT DOES'];
  const rows = [head, ...HELP_ROWS];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => r.map((cell, i) => cell.padEnd(widths[i])).join(' | ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('-+-');
  return [line(head), rule, ...HELP_ROWS.map(line)].join('\n');
}

function ok(message, events) {
  return { ok: true, message, events };
}

function refuse(message) {
  return { ok: false, message, events: [] };
}

function inquired(command, message) {
  return ok(message, [{ type: 'inquired', data: { command } }]);
}

function hoursLeft(s) {
  return RULES.HOURS_PER_DAY - s.hours_used;
}

function fitsToday(s, hours) {
  return s.hours_used + hours < RULES.HOURS_PER_DAY;
}

function describeLot(code, lot) {
  return `${code}  ${lot.stage.padEnd(7)} ${String(lot.weight_kg).padStart(3)} kg`;
}

function lookText(s) {
  const lines = [
    `It was day ${s.day} of ${RULES.SEASON_DAYS}; ${hoursLeft(s)} of ${RULES.HOURS_PER_DAY} working hours remained.`,
    `The purse held ${s.money} marks. The river was ${riverOn(s.day)}.`,
    `The store held ${s.bolts} fulled bolts. Hale's contract stood at ${s.delivered.hale} of ${MERCHANTS.hale.contract_bolts} bolts.`,
  ];
  const codes = Object.keys(s.lots).sort();
  if (codes.length === 0) {
    lines.push('The loft was empty.');
  } else {
    lines.push('The loft held:');
    for (const code of codes) lines.push(`  ${describeLot(code, s.lots[code])}`);
  }
  if (s.pending) lines.push('A question was waiting for an answer (yes or no).');
  return lines.join('\n');
}

function auctionText(s) {
  if (s.auction.length === 0) return 'No fleeces remained at the auction ring today.';
  const lines = [`The auction ring offered ${s.auction.length} fleece(s) on day ${s.day}:`];
  for (const lot of s.auction) {
    lines.push(`  ${lot.code}  ${String(lot.weight_kg).padStart(3)} kg  ${String(lot.price).padStart(3)} marks`);
  }
  return lines.join('\n');
}

function merchantsText(s) {
  const lines = ['The merchants were:'];
  for (const [key, m] of Object.entries(MERCHANTS)) {
    const terms = m.contract_bolts
      ? `contract for ${m.contract_bolts} bolts, ${s.delivered[key]} delivered`
      : 'no contract, buys any number';
    lines.push(`  ${key.padEnd(5)} ${m.name} paid ${m.price} marks a bolt (${terms}).`);
  }
  return lines.join('\n');
}

function decideBuy(s, args) {
  if (args.length !== 1) return refuse('The command was not understood. It was written: buy <code>.');
  const code = args[0];
  const lot = s.auction.find((l) => l.code === code);
  if (!lot) return refuse(`No fleece ${code} was offered at the auction ring today.`);
  if (lot.price > s.money) {
    return refuse(`The fleece ${code} cost ${lot.price} marks, but the purse held only ${s.money}.`);
  }
  if (Object.keys(s.lots).length >= RULES.LOFT_MAX_LOTS) {
    return refuse(`The loft was full: it held ${RULES.LOFT_MAX_LOTS} lots already.`);
  }
  return ok(`Buy fleece ${code} (${lot.weight_kg} kg) for ${lot.price} marks? Answer yes or no.`, [
    { type: 'purchase_proposed', data: { code, weight_kg: lot.weight_kg, price: lot.price } },
  ]);
}

function decideStep(s, verb, args) {
  const step = STEP[verb];
  if (args.length !== 1) return refuse(`The command was not understood. It was written: ${verb} <code>.`);
  const code = args[0];
  const lot = s.lots[code];
  if (!lot) return refuse(`No lot ${code} was in the loft.`);
  if (lot.stage !== step.from) {
    return refuse(`The lot ${code} could not be ${PAST[verb]}: it was ${lot.stage}, and only ${step.noun} can be ${PAST[verb]}.`);
  }
  const hours = TASK_HOURS[verb];
  if (!fitsToday(s, hours)) {
    return refuse(`The lot ${code} could not be ${PAST[verb]}: it needed ${hours} hours and ${hoursLeft(s)} remained today.`);
  }
  let weight = lot.weight_kg;
  let extra = '';
  if (verb === 'scour') {
    weight = lot.weight_kg - Math.floor(lot.weight_kg / 4);
    extra = ` It weighed ${weight} kg once the grease was washed out.`;
  }
  const noun = verb === 'scour' ? 'fleece' : 'lot';
  return ok(`The ${noun} ${code} was ${PAST[verb]}.${extra}`, [
    { type: step.event, data: { code, stage: step.to, weight_kg: weight, hours } },
  ]);
}

function decideWeave(s, args, seq) {
  if (args.length < 1 || args.length > 2) {
    return refuse('The command was not understood. It was written: weave <code> [<code>].');
  }
  const codes = args;
  for (const code of codes) {
    const lot = s.lots[code];
    if (!lot) return refuse(`No lot ${code} was in the loft.`);
    if (lot.stage !== 'yarn') {
      return refuse(`The lot ${code} could not be woven: it was ${lot.stage}, and only yarn can be woven.`);
    }
  }
  const hours = TASK_HOURS.weave;
  if (!fitsToday(s, hours)) {
    return refuse(`The yarn could not be woven: the loom needed ${hours} hours and ${hoursLeft(s)} remained today.`);
  }
  const [first, second] = codes.map((code) => s.lots[code]);
  const total = first.weight_kg + second.weight_kg;
  if (total > RULES.LOOM_MAX_KG) {
    return refuse(`The yarn could not be woven: ${total} kg exceeded the loom's ${RULES.LOOM_MAX_KG} kg.`);
  }
  const code = freshCode(1000 + seq, new Set([...s.used, ...Object.keys(s.lots)]));
  const verb = codes.length === 1 ? 'was' : 'were';
  return ok(`The yarn ${codes.join(' and ')} ${verb} woven into the cloth ${code} of ${total} kg.`, [
    { type: 'woven', data: { from: codes, code, weight_kg: total, hours } },
  ]);
}

function decideFull(s, args) {
  if (args.length !== 1) return refuse('The command was not understood. It was written: full <code>.');
  const code = args[0];
  const lot = s.lots[code];
  if (!lot) return refuse(`No lot ${code} was in the loft.`);
  if (lot.stage !== 'cloth') {
    return refuse(`The lot ${code} could not be fulled: it was ${lot.stage}, and only cloth can be fulled.`);
  }
  const river = riverOn(s.day);
  const hours = FULLING_HOURS[river];
  if (hours === null) return refuse(`The stock stood still: the river was ${river} and could not turn the wheel.`);
  if (!fitsToday(s, hours)) {
    return refuse(`The cloth ${code} could not be fulled: it needed ${hours} hours and ${hoursLeft(s)} remained today.`);
  }
  const bolts = Math.round(lot.weight_kg / RULES.KG_PER_BOLT);
  return ok(`The cloth ${code} was fulled at the stock in ${hours} hours and yielded ${bolts} bolt(s).`, [
    { type: 'fulled', data: { code, weight_kg: lot.weight_kg, hours } },
  ]);
}

const SELL_PATTERN = /^sell\s+(\S+)\s+bolts?\s+to\s+(\S+)$/;

function decideSell(s, line) {
  const m = SELL_PATTERN.exec(line);
  if (!m) return refuse('The command was not understood. It was written: sell <n> bolts to <merchant>.');
  if (!/^\d+$/.test(m[1])) return refuse(`"${m[1]}" was not a number of bolts.`);
  const n = Number(m[1]);
  const key = m[2];
  const merchant = MERCHANTS[key];
  if (!merchant) return refuse(`No merchant called ${key} came to the mill. The merchants were hale and orme.`);
  if (n < 1) return refuse('At least one bolt had to be sold.');
  if (n > s.bolts) return refuse(`Only ${s.bolts} fulled bolt(s) were in the store.`);
  if (merchant.contract_bolts) {
    const remaining = merchant.contract_bolts - s.delivered[key];
    if (n > remaining) {
      return refuse(`${merchant.name} took only ${remaining} more bolt(s) under the contract.`);
    }
  }
  const amount = n * merchant.price;
  return ok(`Sell ${n} bolt${n === 1 ? '' : 's'} to ${merchant.name} for ${amount} marks? Answer yes or no.`, [
    { type: 'sale_proposed', data: { merchant: key, bolts: n, amount } },
  ]);
}

function decideAnswer(s, word) {
  const p = s.pending;
  if (word !== 'yes') {
    const what = p.kind === 'purchase' ? 'purchase' : 'sale';
    return ok(`The ${what} was cancelled.`, [{ type: 'proposal_cancelled', data: { kind: p.kind } }]);
  }
  if (p.kind === 'purchase') {
    return ok(`The fleece ${p.code} (${p.weight_kg} kg) was bought for ${p.price} marks.`, [
      { type: 'fleece_bought', data: { code: p.code, weight_kg: p.weight_kg, price: p.price } },
    ]);
  }
  const m = MERCHANTS[p.merchant];
  return ok(`${p.bolts} bolt(s) were sold to ${m.name} for ${p.amount} marks.`, [
    { type: 'bolts_sold', data: { merchant: p.merchant, bolts: p.bolts, amount: p.amount } },
  ]);
}

function decideSleep(s) {
  const wages = RULES.WAGES;
  const paid = Math.min(wages, s.money);
  const next = s.day + 1;
  let message = `The day ended and ${paid} marks were paid in wages.`;
  if (s.money < wages) {
    message += ' The purse could not cover the wages.';
  } else if (next <= RULES.SEASON_DAYS) {
    message += ` Day ${next} began; the river was ${riverOn(next)}.`;
  }
  return ok(message, [{ type: 'day_ended', data: { wages } }]);
}

function decide(s, raw, seq) {
  const line = String(raw).trim().toLowerCase().replace(/\s+/g, ' ');
  if (!line) return refuse('No command was given. The command help listed the commands.');
  const [verb, ...args] = line.split(' ');

  if (s.pending) return decideAnswer(s, line);
  if (verb === 'help' || verb === '?') return inquired('help', helpTable());
  if (verb === 'look' || verb === 'status') return inquired('look', lookText(s));
  if (isOver(s)) return refuse('The season had ended; the mill took no more orders. (look and help still answered.)');

  switch (verb) {
    case 'auction':
      return inquired('auction', auctionText(s));
    case 'river': {
      const today = riverOn(s.day);
      const tomorrow = s.day < RULES.SEASON_DAYS ? ` Tomorrow it was expected to be ${riverOn(s.day + 1)}.` : '';
      const stock = FULLING_HOURS[today] === null ? 'The stock could not run.' : `Fulling took ${FULLING_HOURS[today]} hours.`;
      return inquired('river', `The river was ${today} on day ${s.day}. ${stock}${tomorrow}`);
    }
    case 'merchants':
    case 'contract':
      return inquired('merchants', merchantsText(s));
    case 'buy':
    case 'bid':
      return decideBuy(s, args);
    case 'scour':
    case 'card':
    case 'spin':
      return decideStep(s, verb, args);
    case 'weave':
      return decideWeave(s, args, seq);
    case 'full':
      return decideFull(s, args);
    case 'sell':
      return decideSell(s, line);
    case 'sleep':
    case 'rest':
      return decideSleep(s);
    case 'yes':
    case 'no':
      return refuse('There was no question waiting for an answer.');
    default:
      return refuse(`The command "${verb}" was not known. The command help listed the commands.`);
  }
}

// ---------------------------------------------------------------- one game

class Mill {
  constructor() {
    this.events = [];
  }

  state() {
    return rebuild(this.events);
  }

  view() {
    return view(this.state(), this.events);
  }

  handle(command) {
    const before = this.state();
    const verdict = decide(before, command, this.events.length + 1);
    for (const ev of verdict.events) {
      this.events.push({ seq: this.events.length + 1, type: ev.type, data: ev.data });
    }
    const after = this.state();
    let message = verdict.message;
    if (!isOver(before) && isOver(after)) {
      if (after.won) {
        message += `\nHale's contract was filled on day ${after.day}. The season was won.`;
      } else if (after.bankrupt) {
        message += '\nThe mill was bankrupt. The season was lost.';
      } else {
        message += `\nThe season ended with Hale's contract at ${after.delivered.hale} of ${MERCHANTS.hale.contract_bolts} bolts. It was lost.`;
      }
    }
    return { success: verdict.ok, message, state: view(after, this.events), game_over: isOver(after), turn: after.turn };
  }
}

const WELCOME = [
  'Fullingmill: the season opened on day 1 of 20.',
  `The purse held ${RULES.START_MONEY} marks. Hale the merchant had contracted for ${MERCHANTS.hale.contract_bolts} fulled bolts.`,
  'Fleeces were bought at the auction ring, then scoured, carded, spun, woven and fulled at the stock.',
  'The command help listed the commands.',
].join('\n');

module.exports = { Mill, WELCOME, decide, rebuild, view, helpTable, STAGES };
