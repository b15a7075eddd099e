'use strict';
// Anvilmere: the smithy's rules. Pure functions over a plain state object; the server only routes.

const MELT_POINT = { copper: 60, iron: 100, silver: 90 };
const HEAT_PER_BAR = 20;
const HEAT_PER_COAL = 50;
const MAX_HEAT = 300;
const ORE_PER_BAR = 2;
const STACK_CAP = 5;
const RACK_SLOTS = 4;
const TURN_LIMIT = 40;
const ORDERS_NEEDED = 3;
const EXPIRED_TO_LOSE = 3;
const MAX_REPEAT = 20;

const ORES = ['copper', 'iron', 'silver', 'coal'];
const METALS = ['copper', 'iron', 'silver'];

const RECIPES = {
  horseshoe: { bars: 1, metals: ['iron'] },
  ring: { bars: 1, metals: ['copper', 'silver'] },
  kettle: { bars: 2, metals: ['copper'] },
  pick: { bars: 2, metals: ['copper', 'iron'] },
  hammer: { bars: 3, metals: ['iron'] },
  blade: { bars: 3, metals: ['iron', 'silver'] },
};

const TOOL_USES = { 'copper pick': 6, 'iron pick': 10, 'iron hammer': 12 };
const PRICES = { coal: 1, hammer: 6 };

const ORDER_BOOK = [
  { id: 1, customer: 'Old Tam', item: 'horseshoe', metal: 'iron', qty: 2, posted: 0, due: 14, reward: 6 },
  { id: 2, customer: 'Miller Brisk', item: 'kettle', metal: 'copper', qty: 1, posted: 0, due: 20, reward: 8 },
  { id: 3, customer: 'Lady Venn', item: 'ring', metal: 'silver', qty: 1, posted: 0, due: 30, reward: 12 },
  { id: 4, customer: 'Captain Orrin', item: 'blade', metal: 'iron', qty: 1, posted: 12, due: 36, reward: 15 },
  { id: 5, customer: 'Widow Ashe', item: 'pick', metal: 'copper', qty: 1, posted: 18, due: 40, reward: 7 },
];

function tool(metal, kind, durability) {
  const max = TOOL_USES[`${metal} ${kind}`];
  return { metal, durability: durability === undefined ? max : durability, max };
}

function postOrder(entry) {
  return {
    id: entry.id,
    customer: entry.customer,
    wants: { item: entry.item, metal: entry.metal, qty: entry.qty },
    delivered: 0,
    due: entry.due,
    reward: entry.reward,
    status: 'open',
  };
}

function newState() {
  return {
    smith: {
      name: 'Hild',
      coins: 3,
      belt: { pick: tool('copper', 'pick'), hammer: tool('iron', 'hammer', 8) },
      pack: { ore: { copper: 0, iron: 0, silver: 0, coal: 0 } },
    },
    workshop: {
      furnace: { heat: 0, max_heat: MAX_HEAT },
      bins: { bars: { copper: 0, iron: 0, silver: 0 } },
      racks: Array.from({ length: RACK_SLOTS }, (_, i) => ({ slot: i + 1, holds: null })),
    },
    orders: ORDER_BOOK.filter((o) => o.posted === 0).map(postOrder),
    board: { filled: 0, expired: 0, needed: ORDERS_NEEDED },
    clock: { turn: 0, limit: TURN_LIMIT },
    status: { won: false, lost: false, over: false },
  };
}

const INTRO =
  'Anvilmere smithy. Cold furnace, copper pick and worn iron hammer on belt, three orders on board. ' +
  `Fill ${ORDERS_NEEDED} orders before turn ${TURN_LIMIT}. Type help.`;

const USAGE = [
  'usage: help',
  'usage: look',
  'usage: orders',
  'usage: mine <copper|iron|silver|coal> [xN]',
  'usage: stoke [xN]',
  'usage: smelt <copper|iron|silver> [xN]',
  'usage: forge <item> from <metal>',
  'usage: equip <slot>',
  'usage: repair <pick|hammer>',
  'usage: deliver <slot> to order <n>',
  'usage: buy <coal|hammer> [xN]',
  'usage: wait [xN]',
  'items: horseshoe ring kettle pick hammer blade',
].join('\n');

function ok(message) {
  return { ok: true, message };
}

function no(message) {
  return { ok: false, message };
}

// Repeat count from a trailing `xN` (or bare N); null when malformed.
function repeatOf(word) {
  if (word === undefined) return 1;
  const m = /^x?(\d{1,3})$/.exec(word);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= MAX_REPEAT ? n : null;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function goodsName(holds) {
  return `${holds.metal} ${holds.item}`;
}

// One turn passes: later orders are posted, overdue orders expire, the game may end.
function tick(s, notes) {
  s.clock.turn += 1;
  const turn = s.clock.turn;
  for (const entry of ORDER_BOOK) {
    if (entry.posted === turn) {
      s.orders.push(postOrder(entry));
      notes.push(`Order ${entry.id} posted: ${entry.customer}, ${entry.qty} ${entry.metal} ${entry.item}, due turn ${entry.due}.`);
    }
  }
  for (const order of s.orders) {
    if (order.status !== 'filled' && turn > order.due) {
      order.status = 'expired';
      s.board.expired += 1;
      notes.push(`Order ${order.id} expired.`);
    }
  }
  settle(s, notes);
}

function settle(s, notes) {
  if (s.status.over) return;
  if (s.board.filled >= ORDERS_NEEDED) {
    s.status.won = true;
    s.status.over = true;
    notes.push(`Filled ${s.board.filled} orders. Smithy won renown.`);
  } else if (s.board.expired >= EXPIRED_TO_LOSE) {
    s.status.lost = true;
    s.status.over = true;
    notes.push(`${s.board.expired} orders expired. Smithy lost trade.`);
  } else if (s.clock.turn >= TURN_LIMIT) {
    s.status.lost = true;
    s.status.over = true;
    notes.push(`Turn ${TURN_LIMIT} reached. Smithy closed.`);
  }
}

function wear(s, kind, notes) {
  const t = s.smith.belt[kind];
  t.durability -= 1;
  if (t.durability <= 0) {
    s.smith.belt[kind] = null;
    notes.push(`${t.metal[0].toUpperCase()}${t.metal.slice(1)} ${kind} broke.`);
  }
}

function mine(s, args, notes) {
  const ore = args[0] === 'ore' ? undefined : args[0];
  const rest = args[1] === 'ore' ? args.slice(2) : args.slice(1);
  if (!ore || rest.length > 1) return no('usage: mine <copper|iron|silver|coal> [xN]');
  if (!ORES.includes(ore)) return no(`Unknown ore: ${ore}. Ores: ${ORES.join(', ')}.`);
  const n = repeatOf(rest[0]);
  if (n === null) return no(`Bad count: ${rest[0]}. Use x1 to x${MAX_REPEAT}.`);
  if (ore === 'silver' && !s.smith.belt.pick) return no('Silver too hard for bare hands. No pick on belt.');
  const pick = s.smith.belt.pick;
  let got = 0;
  let swings = 0;
  for (let i = 0; i < n && !s.status.over; i++) {
    if (ore === 'silver' && !s.smith.belt.pick) break;
    const each = s.smith.belt.pick ? 2 : 1;
    s.smith.pack.ore[ore] += each;
    got += each;
    swings += 1;
    tick(s, notes);
  }
  if (pick) wear(s, 'pick', notes);
  const stopped = swings < n && !s.status.over ? ` Stopped after ${plural(swings, 'swing')}.` : '';
  return ok(`Mined ${got} ${ore} ore.${stopped}`);
}

function stoke(s, args, notes) {
  if (args.length > 1) return no('usage: stoke [xN]');
  const n = repeatOf(args[0]);
  if (n === null) return no(`Bad count: ${args[0]}. Use x1 to x${MAX_REPEAT}.`);
  const coal = s.smith.pack.ore.coal;
  if (coal < n) return no(`Refused: ${plural(n, 'coal')} needed, ${coal} in pack.`);
  const furnace = s.workshop.furnace;
  s.smith.pack.ore.coal -= n;
  furnace.heat = Math.min(furnace.max_heat, furnace.heat + n * HEAT_PER_COAL);
  tick(s, notes);
  return ok(`Stoked ${n} coal. Furnace heat ${furnace.heat}.`);
}

function smelt(s, args, notes) {
  const ore = args[0];
  const rest = args[1] === 'ore' ? args.slice(2) : args.slice(1);
  if (!ore || rest.length > 1) return no('usage: smelt <copper|iron|silver> [xN]');
  if (!METALS.includes(ore)) return no(`Cannot smelt ${ore}. Smeltable: ${METALS.join(', ')}.`);
  const n = repeatOf(rest[0]);
  if (n === null) return no(`Bad count: ${rest[0]}. Use x1 to x${MAX_REPEAT}.`);
  const have = s.smith.pack.ore[ore];
  if (have < n * ORE_PER_BAR) return no(`Refused: ${n * ORE_PER_BAR} ${ore} ore needed, ${have} in pack.`);
  const furnace = s.workshop.furnace;
  if (furnace.heat < MELT_POINT[ore]) {
    return no(`Refused: furnace heat ${furnace.heat}, ${ore} needs ${MELT_POINT[ore]}.`);
  }
  if (furnace.heat < n * HEAT_PER_BAR) {
    return no(`Refused: furnace heat ${furnace.heat}, ${plural(n, 'bar')} need ${n * HEAT_PER_BAR}.`);
  }
  const after = furnace.heat - HEAT_PER_BAR;
  s.smith.pack.ore[ore] -= n * ORE_PER_BAR;
  s.workshop.bins.bars[ore] += n;
  furnace.heat -= n * HEAT_PER_BAR;
  tick(s, notes);
  return ok(`Smelted ${n} ${ore} ${n === 1 ? 'bar' : 'bars'}. Furnace heat ${after}.`);
}

function rackFor(s, item, metal) {
  const racks = s.workshop.racks;
  const stack = racks.find((r) => r.holds && r.holds.item === item && r.holds.metal === metal && r.holds.qty < STACK_CAP);
  return stack || racks.find((r) => !r.holds) || null;
}

function forge(s, args, notes) {
  const [item, from, metal] = args;
  if (!item || from !== 'from' || !metal || args.length !== 3) return no('usage: forge <item> from <metal>');
  const recipe = RECIPES[item];
  if (!recipe) return no(`No recipe: ${item}. Items: ${Object.keys(RECIPES).join(', ')}.`);
  if (!recipe.metals.includes(metal)) return no(`No recipe: ${metal} ${item}. ${item} takes ${recipe.metals.join(' or ')}.`);
  const hammer = s.smith.belt.hammer;
  if (!hammer) return no('Refused: no hammer on belt.');
  const bars = s.workshop.bins.bars[metal];
  if (bars < recipe.bars) return no(`Refused: ${recipe.bars} ${metal} ${recipe.bars === 1 ? 'bar' : 'bars'} needed, ${bars} in bins.`);
  const rack = rackFor(s, item, metal);
  if (!rack) return no('Refused: racks full.');
  s.workshop.bins.bars[metal] -= recipe.bars;
  if (rack.holds) rack.holds.qty += 1;
  else rack.holds = { item, metal, qty: 1 };
  wear(s, 'hammer', notes);
  tick(s, notes);
  return ok(`Forged ${metal} ${item}. Rack slot ${rack.slot} holds ${rack.holds.qty}.`);
}

function slotOf(s, word) {
  if (!/^\d+$/.test(word || '')) return null;
  return s.workshop.racks.find((r) => r.slot === Number(word)) || null;
}

function equip(s, args, notes) {
  if (args.length !== 1) return no('usage: equip <slot>');
  const rack = slotOf(s, args[0]);
  if (!rack) return no(`No rack slot ${args[0]}. Slots 1-${RACK_SLOTS}.`);
  if (!rack.holds) return no(`Rack slot ${rack.slot} empty.`);
  const { item, metal } = rack.holds;
  if (item !== 'pick' && item !== 'hammer') return no(`Cannot equip ${goodsName(rack.holds)}. Only picks and hammers.`);
  const old = s.smith.belt[item];
  s.smith.belt[item] = tool(metal, item);
  if (rack.holds.qty === 1) rack.holds = null;
  tick(s, notes);
  const scrapped = old ? ` Old ${old.metal} ${item} scrapped.` : '';
  return ok(`Equipped ${metal} ${item}.${scrapped}`);
}

function repair(s, args, notes) {
  if (args.length !== 1) return no('usage: repair <pick|hammer>');
  const kind = args[0];
  if (kind !== 'pick' && kind !== 'hammer') return no(`Cannot repair ${kind}. Only pick or hammer.`);
  const t = s.smith.belt[kind];
  if (!t) return no(`No ${kind} on belt.`);
  if (t.durability >= t.max) return no(`${t.metal} ${kind} already sound.`);
  if (s.workshop.bins.bars[t.metal] < 1) return no(`Refused: 1 ${t.metal} bar needed, 0 in bins.`);
  s.workshop.bins.bars[t.metal] -= 1;
  t.durability = t.max;
  tick(s, notes);
  return ok(`Repaired ${t.metal} ${kind}. Durability ${t.durability}/${t.max}.`);
}

function deliver(s, args, notes) {
  const words = args.filter((w) => w !== 'to' && w !== 'order' && w !== 'slot');
  if (words.length !== 2 || !args.includes('to')) return no('usage: deliver <slot> to order <n>');
  const rack = slotOf(s, words[0]);
  if (!rack) return no(`No rack slot ${words[0]}. Slots 1-${RACK_SLOTS}.`);
  const order = /^\d+$/.test(words[1]) ? s.orders.find((o) => o.id === Number(words[1])) : null;
  if (!order) return no(`No order ${words[1]} on board.`);
  if (order.status !== 'open') return no(`Order ${order.id} ${order.status}.`);
  const holds = rack.holds;
  const want = order.wants;
  if (holds.item !== want.item || holds.metal !== want.metal) {
    return no(`Order ${order.id} wants ${want.metal} ${want.item}, slot ${rack.slot} holds ${goodsName(holds)}.`);
  }
  const n = Math.min(holds.qty, want.qty - order.delivered);
  holds.qty -= n;
  if (holds.qty === 0) rack.holds = null;
  order.delivered += n;
  let tail = ` Order ${order.id} needs ${want.qty - order.delivered} more.`;
  if (order.delivered >= want.qty) {
    order.status = 'filled';
    s.board.filled += 1;
    s.smith.coins += order.reward;
    tail = ` Order ${order.id} filled. Paid ${order.reward} coins.`;
  }
  tick(s, notes);
  return ok(`Delivered ${n} ${want.metal} ${want.item} to order ${order.id}.${tail}`);
}

function buy(s, args, notes) {
  const goods = args[0];
  if (!goods || args.length > 2) return no('usage: buy <coal|hammer> [xN]');
  if (!(goods in PRICES)) return no(`Not sold: ${goods}. Sold: coal 1 coin, hammer 6 coins.`);
  const n = repeatOf(args[1]);
  if (n === null) return no(`Bad count: ${args[1]}. Use x1 to x${MAX_REPEAT}.`);
  if (goods === 'hammer' && n !== 1) return no('One hammer at a time.');
  const cost = n * PRICES[goods];
  if (s.smith.coins < cost) return no(`Refused: ${cost} coins needed, ${s.smith.coins} in purse.`);
  s.smith.coins -= cost;
  let extra = '';
  if (goods === 'coal') {
    s.smith.pack.ore.coal += n;
  } else {
    const old = s.smith.belt.hammer;
    s.smith.belt.hammer = tool('iron', 'hammer');
    if (old) extra = ` Old ${old.metal} hammer scrapped.`;
  }
  tick(s, notes);
  return ok(`Bought ${n} ${goods} for ${cost} ${cost === 1 ? 'coin' : 'coins'}.${extra}`);
}

function wait(s, args, notes) {
  if (args.length > 1) return no('usage: wait [xN]');
  const n = repeatOf(args[0]);
  if (n === null) return no(`Bad count: ${args[0]}. Use x1 to x${MAX_REPEAT}.`);
  let waited = 0;
  for (let i = 0; i < n && !s.status.over; i++) {
    tick(s, notes);
    waited += 1;
  }
  return ok(`Waited ${plural(waited, 'turn')}. Turn ${s.clock.turn}.`);
}

function beltLine(s) {
  const parts = ['pick', 'hammer'].map((kind) => {
    const t = s.smith.belt[kind];
    return t ? `${t.metal} ${kind}` : `no ${kind}`;
  });
  return `Belt: ${parts.join(', ')}.`;
}

function look(s) {
  const ore = s.smith.pack.ore;
  const bars = s.workshop.bins.bars;
  const racks = s.workshop.racks
    .map((r) => `${r.slot}: ${r.holds ? `${r.holds.qty} ${goodsName(r.holds)}` : 'empty'}`)
    .join('; ');
  return [
    `Turn ${s.clock.turn} of ${s.clock.limit}. Coins ${s.smith.coins}.`,
    beltLine(s),
    `Ore: copper ${ore.copper}, iron ${ore.iron}, silver ${ore.silver}, coal ${ore.coal}.`,
    `Bars: copper ${bars.copper}, iron ${bars.iron}, silver ${bars.silver}. Furnace heat ${s.workshop.furnace.heat}.`,
    `Racks: ${racks}.`,
    `Orders filled ${s.board.filled} of ${s.board.needed}, expired ${s.board.expired}.`,
  ].join('\n');
}

function ordersText(s) {
  if (!s.orders.length) return 'Board empty.';
  return s.orders
    .map((o) => {
      const w = o.wants;
      return `Order ${o.id}: ${o.customer}, ${w.qty} ${w.metal} ${w.item}, delivered ${o.delivered}, due turn ${o.due}, pays ${o.reward}, ${o.status}.`;
    })
    .join('\n');
}

const ACTIONS = { mine, stoke, smelt, forge, equip, repair, deliver, buy, wait };
const ALIASES = { status: 'look', l: 'look', board: 'orders', usage: 'help', '?': 'help' };

// Runs one command against `s` (mutated in place). Returns {ok, message}.
function run(s, line) {
  const words = String(line).toLowerCase().trim().split(/\s+/).filter(Boolean);
  if (!words.length) return no('Empty command. Type help.');
  const verb = ALIASES[words[0]] || words[0];
  const args = words.slice(1);
  if (verb === 'help') return ok(USAGE);
  if (verb === 'look') return ok(look(s));
  if (verb === 'orders') return ok(ordersText(s));
  const action = ACTIONS[verb];
  if (!action) return no(`Unknown command: ${words[0]}. Type help.`);
  if (s.status.over) return no(`Game over${s.status.won ? ', won' : ', lost'}. Start new game.`);
  const notes = [];
  const result = action(s, args, notes);
  if (result.ok && notes.length) result.message = `${result.message} ${notes.join(' ')}`;
  return result;
}

module.exports = { newState, run, INTRO, USAGE, RECIPES, MELT_POINT, ORDER_BOOK };
