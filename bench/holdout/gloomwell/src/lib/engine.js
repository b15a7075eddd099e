'use strict';
// Gloomwell's rules: one delve is one plain object, changed in place by act().

const { DIRS, DIR_ALIASES, ROOMS, DOORS, FOES, LOOT, PRICES, STOCK, ITEM_WORDS } = require('./world');

const START_HP = 20;
const START_GOLD = 3;
const FIST = 2;
const SWORD_EDGE = 2;
const SHIELD_GUARD = 1;
const POTION_HEAL = 8;

const FOE_LINES = {
  rat: { pose: 'bares its yellow teeth at you', blow: 'bites' },
  goblin: { pose: 'crouches on the straw, knife drawn', blow: 'slashes' },
  warden: { pose: 'stands guard in rusted plate, mace raised', blow: 'clubs' },
};

function tag(id) {
  return `[${id.replace(/_/g, ' ').toUpperCase()}]`;
}

function fresh() {
  const floors = {};
  for (const id of Object.keys(ROOMS)) floors[id] = (LOOT[id] || []).map((e) => ({ ...e }));
  const foes = {};
  for (const [room, f] of Object.entries(FOES)) foes[room] = { id: f.id, hp: f.hp, max_hp: f.hp, atk: f.atk, loot: f.loot };
  const doors = {};
  for (const id of Object.keys(DOORS)) doors[id] = { locked: true };
  return {
    hero: { at: 'well', hp: START_HP, max_hp: START_HP, gold: START_GOLD, pack: [{ id: 'potion', qty: 1 }], came_from: null },
    floors,
    foes,
    doors,
    wares: STOCK.map((w) => ({ id: w.id, price: w.price, limit: w.qty, sold: 0 })),
    counters: { ticks: 0, kills: 0 },
    status: { won: false, dead: false },
  };
}

// ---- small helpers -------------------------------------------------------

function ok(text) { return { ok: true, text }; }
function no(text) { return { ok: false, text }; }

function held(s, id) {
  const e = s.hero.pack.find((x) => x.id === id);
  return e ? e.qty : 0;
}

function addTo(list, id, qty) {
  const e = list.find((x) => x.id === id);
  if (e) e.qty += qty;
  else list.push({ id, qty });
}

function removeFromPack(s, id, qty) {
  const e = s.hero.pack.find((x) => x.id === id);
  e.qty -= qty;
  if (e.qty <= 0) s.hero.pack.splice(s.hero.pack.indexOf(e), 1);
}

function liveFoe(s, room) {
  const f = s.foes[room];
  return f && f.hp > 0 ? f : null;
}

function doorBetween(a, b) {
  for (const [id, d] of Object.entries(DOORS)) {
    if (d.between.includes(a) && d.between.includes(b)) return id;
  }
  return null;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function listWords(words) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function stuff(list) {
  return listWords(list.map((e) => {
    if (e.id === 'gold') return `${e.qty} gold`;
    return e.qty > 1 ? `${e.qty} x ${tag(e.id)}` : tag(e.id);
  }));
}

function whichKey(words, ids) {
  const w = words.replace(/^(the|a|an|my)\s+/, '').trim();
  return (w === 'key' || w === 'keys') && ids.filter((x) => x.endsWith('_key')).length > 1;
}

// An item named by the player, among the ids that make sense here.
function resolveItem(words, ids) {
  const w = words.replace(/^(the|a|an|some|my)\s+/, '').trim();
  const id = ITEM_WORDS[w] || ITEM_WORDS[w.replace(/s$/, '')] || w.replace(/ /g, '_');
  if (id === 'key') {
    const keys = ids.filter((x) => x.endsWith('_key'));
    return keys.length === 1 ? keys[0] : null;
  }
  return ids.includes(id) ? id : null;
}

// ---- looking around -------------------------------------------------------

function describe(s, id) {
  const r = ROOMS[id];
  const parts = [`${r.title}. ${r.blurb}`];
  const dirs = Object.keys(r.exits);
  parts.push(dirs.length === 1 ? `The only way out is ${dirs[0]}.` : `Passages lead ${listWords(dirs)}.`);
  for (const dir of dirs) {
    const door = doorBetween(id, r.exits[dir]);
    if (door) {
      parts.push(s.doors[door].locked
        ? `A locked ${tag(door)} bars the way ${dir}.`
        : `The ${tag(door)} to the ${dir} stands open.`);
    }
  }
  const floor = s.floors[id];
  if (floor.length) parts.push(`On the floor: ${stuff(floor)}.`);
  if (id === 'market') parts.push(waresLine(s));
  const foe = s.foes[id];
  if (foe) parts.push(`A ${tag(foe.id)} ${FOE_LINES[foe.id].pose}.`);
  return parts.join(' ');
}

function waresLine(s) {
  const offers = s.wares.map((w) => `${tag(w.id)} for ${w.price} gold (${w.limit - w.sold} left)`);
  return `Old Mott offers ${listWords(offers)}.`;
}

function peek(s, dir) {
  const here = s.hero.at;
  const to = ROOMS[here].exits[dir];
  const door = doorBetween(here, to);
  if (door && s.doors[door].locked) return no(`The ${tag(door)} is shut; you see nothing beyond it.`);
  const there = ROOMS[to];
  const bits = [`You peer ${dir} into ${there.title}.`];
  const foe = liveFoe(s, to);
  if (foe) bits.push(`A ${tag(foe.id)} lurks there.`);
  const floor = s.floors[to];
  bits.push(floor.length ? `You glimpse ${stuff(floor)}.` : 'Nothing glints on its floor.');
  return ok(bits.join(' '));
}

// ---- actions --------------------------------------------------------------

function move(s, dir) {
  const here = s.hero.at;
  const to = ROOMS[here].exits[dir];
  if (!to) return no(`Solid rock. There is no way ${dir} from ${ROOMS[here].title}.`);
  const foe = liveFoe(s, here);
  if (foe && dir !== s.hero.came_from) {
    return no(`The ${tag(foe.id)} blocks your way. You can only retreat ${s.hero.came_from}.`);
  }
  const door = doorBetween(here, to);
  if (door && s.doors[door].locked) return no(`The ${tag(door)} is locked.`);
  s.hero.at = to;
  s.hero.came_from = DIRS[dir].back;
  const lead = foe ? `You back away from the ${tag(foe.id)} and slip ${dir}. ` : `You walk ${dir}. `;
  return ok(lead + describe(s, to));
}

function take(s, words) {
  const here = s.hero.at;
  if (!words) return no('Take what? Name the thing, or say take all.');
  const foe = liveFoe(s, here);
  if (foe) return no(`The ${tag(foe.id)} won't let you near anything while it lives.`);
  const floor = s.floors[here];
  let picked;
  if (words === 'all' || words === 'everything') {
    if (!floor.length) return no('There is nothing here to pick up.');
    picked = floor.splice(0, floor.length);
  } else {
    const ids = floor.map((e) => e.id);
    if (whichKey(words, ids)) return no('Which key, the brass one or the iron one?');
    const id = resolveItem(words, ids);
    if (!id) return no(`You see no ${words} here.`);
    picked = floor.splice(floor.findIndex((e) => e.id === id), 1);
  }
  for (const e of picked) {
    if (e.id === 'gold') s.hero.gold += e.qty;
    else addTo(s.hero.pack, e.id, e.qty);
  }
  return ok(`You pick up ${stuff(picked)}.`);
}

function drop(s, words) {
  if (!words) return no('Drop what?');
  const w = words.replace(/^(the|a|an|my)\s+/, '');
  if (ITEM_WORDS[w] === 'gold') return no('Gold stays in your purse. Dropping coins in Gloomwell is asking to lose them.');
  const ids = s.hero.pack.map((e) => e.id);
  if (whichKey(words, ids)) return no('Which key, the brass one or the iron one?');
  const id = resolveItem(words, ids);
  if (!id) return no(`You aren't carrying any ${words}.`);
  const entry = s.hero.pack.find((e) => e.id === id);
  s.hero.pack.splice(s.hero.pack.indexOf(entry), 1);
  addTo(s.floors[s.hero.at], id, 1);
  return ok(`You set the ${tag(id)} down on the floor.`);
}

function attack(s, words) {
  const here = s.hero.at;
  const foe = liveFoe(s, here);
  if (!foe) return no('There is nothing here to fight.');
  if (words && words.replace(/^the\s+/, '') !== foe.id) return no(`There is no ${words} here to fight, only the ${tag(foe.id)}.`);
  const dmg = FIST + (held(s, 'sword') ? SWORD_EDGE : 0);
  foe.hp = Math.max(0, foe.hp - dmg);
  if (foe.hp === 0) {
    s.counters.kills += 1;
    let text = `You strike the ${tag(foe.id)} for ${dmg} and it crumples to the floor.`;
    if (foe.loot) {
      addTo(s.floors[here], 'gold', foe.loot);
      text += ` It leaves ${foe.loot} gold behind.`;
    }
    return ok(text);
  }
  const blow = Math.max(1, foe.atk - (held(s, 'shield') ? SHIELD_GUARD : 0));
  s.hero.hp = Math.max(0, s.hero.hp - blow);
  let text = `You strike the ${tag(foe.id)} for ${dmg}; it has ${foe.hp} of ${foe.max_hp} hp left. `
    + `The ${tag(foe.id)} ${FOE_LINES[foe.id].blow} you for ${blow}.`;
  if (s.hero.hp === 0) {
    s.status.dead = true;
    text += ' You fall, and Gloomwell keeps you. The delve is over.';
  } else {
    text += ` You have ${s.hero.hp} of ${s.hero.max_hp} hp.`;
  }
  return ok(text);
}

function drink(s, words) {
  if (words && resolveItem(words, ['potion']) !== 'potion') return no('The only thing worth drinking down here is a [POTION].');
  if (!held(s, 'potion')) return no('You have no [POTION] to drink.');
  if (s.hero.hp >= s.hero.max_hp) return no('You are already at full health; save the [POTION] for later.');
  const gain = Math.min(POTION_HEAL, s.hero.max_hp);
  s.hero.hp += gain;
  removeFromPack(s, 'potion', 1);
  return ok(`You drink a [POTION]; warmth spreads through you and you regain ${gain} hp.`);
}

function buy(s, words) {
  if (s.hero.at !== 'market') return no('There is nobody here to buy from. Old Mott keeps his stall east of the well.');
  if (!words) return no(`Buy what? ${waresLine(s)}`);
  const id = resolveItem(words, s.wares.map((w) => w.id));
  if (!id) return no(`Old Mott shakes his head: he has no ${words} to sell.`);
  const ware = s.wares.find((w) => w.id === id);
  if (ware.sold > ware.limit) return no(`"Sold out," Mott grunts. No more ${tag(id)} today.`);
  if (s.hero.gold < ware.price) return no(`The ${tag(id)} costs ${ware.price} gold and you have ${s.hero.gold}.`);
  s.hero.gold -= ware.price;
  ware.sold += 1;
  addTo(s.hero.pack, id, 1);
  return ok(`Old Mott takes ${ware.price} gold and slides a ${tag(id)} across the counter. `
    + `He has ${ware.limit - ware.sold} left.`);
}

function sell(s, words) {
  if (s.hero.at !== 'market') return no('There is nobody here to sell to.');
  if (!words) return no('Sell what?');
  const id = resolveItem(words, s.hero.pack.map((e) => e.id));
  if (!id) return no(`You aren't carrying any ${words}.`);
  const price = PRICES[id];
  if (!price) return no(`Old Mott won't touch the ${tag(id)}.`);
  const pay = Math.floor(price / 2);
  removeFromPack(s, id, 1);
  s.hero.gold += pay;
  return ok(`Old Mott turns the ${tag(id)} over, sniffs it, and pays you ${pay} gold.`);
}

function unlock(s, words) {
  const here = s.hero.at;
  const exits = ROOMS[here].exits;
  let dirs = Object.keys(exits).filter((d) => {
    const door = doorBetween(here, exits[d]);
    return door && s.doors[door].locked;
  });
  const w = (words || '').replace(/^the\s+/, '').replace(/\s*door$/, '').trim();
  const named = DIR_ALIASES[w];
  if (named) {
    dirs = dirs.filter((d) => d === named);
    if (!dirs.length) return no(`There is no locked door to the ${named}.`);
  } else if (w && w !== 'brass' && w !== 'iron') {
    return no(`Unlock which way? Name a direction, like unlock north.`);
  } else if (w) {
    dirs = dirs.filter((d) => doorBetween(here, exits[d]) === `${w}_door`);
  }
  if (!dirs.length) return no('There is no locked door here.');
  if (dirs.length > 1) return no('There is more than one locked door here. Name a direction, like unlock north.');
  const door = doorBetween(here, exits[dirs[0]]);
  const key = DOORS[door].key;
  if (!held(s, key)) return no(`The ${tag(door)} needs the ${tag(key)}.`);
  removeFromPack(s, key, 1);
  s.doors[door].locked = false;
  return ok(`The ${tag(key)} turns with a grinding clunk and stays in the lock. The way ${dirs[0]} is open.`);
}

function climb(s) {
  if (s.hero.at !== 'well') return no('There is nothing to climb here. The rope hangs at the Well Mouth.');
  if (!held(s, 'sunstone')) {
    return no('You could climb out now, but without the [SUNSTONE] the village above stays dark. You stay.');
  }
  s.status.won = true;
  return ok('You haul yourself up the rope into the daylight, the [SUNSTONE] blazing in your fist. '
    + 'Gloomwell is behind you. You have won.');
}

function status(s) {
  const h = s.hero;
  const pack = h.pack.length ? `Your pack holds ${stuff(h.pack)}.` : 'Your pack is empty.';
  return ok(`You have ${h.hp} of ${h.max_hp} hit points and ${h.gold} gold. ${pack} `
    + `You have felled ${plural(s.counters.kills, 'foe')}.`);
}

const HELP = 'You are in Gloomwell, a drowned dungeon under the village well. '
  + 'Walk by naming a direction (north, south, east or west, or just n, s, e, w), or say walk north if you prefer. '
  + 'Look shows the room you stand in, and peek east lets you glimpse the next room without entering it. '
  + 'Take picks things up (take all sweeps the floor), drop puts one thing down, and inventory or status tells you what you carry and how you are. '
  + 'When something hostile shares your room, attack it; you can always retreat the way you came, but no other way. '
  + 'Drink a potion to heal. Old Mott in the market will buy and sell: say wares to see his counter, then buy or sell something. '
  + 'Locked doors open with the right key: unlock north, or just unlock when there is only one. '
  + 'Bring the SUNSTONE back to the Well Mouth and climb out to win.';

// ---- the command line -----------------------------------------------------

function parse(raw) {
  const line = String(raw).toLowerCase().replace(/[[\]]/g, ' ').replace(/\s+/g, ' ').trim();
  const sp = line.indexOf(' ');
  return sp < 0 ? [line, ''] : [line.slice(0, sp), line.slice(sp + 1)];
}

function run(s, verb, rest) {
  if (DIR_ALIASES[verb] && !rest) return move(s, DIR_ALIASES[verb]);
  switch (verb) {
    case 'walk': case 'go': case 'move': case 'run': {
      const dir = DIR_ALIASES[rest.replace(/^to\s+(the\s+)?/, '')];
      return dir ? move(s, dir) : no(`${verb[0].toUpperCase()}${verb.slice(1)} where? North, south, east or west.`);
    }
    case 'look': case 'l': case 'peek': {
      const dir = DIR_ALIASES[rest.replace(/^(to\s+)?(the\s+)?/, '')];
      if (dir) return peek(s, dir);
      return verb === 'peek' ? no('Peek which way? North, south, east or west.') : ok(describe(s, s.hero.at));
    }
    case 'take': case 'get': case 'grab': return take(s, rest);
    case 'pick': return take(s, rest.replace(/^up\s*/, ''));
    case 'drop': return drop(s, rest);
    case 'attack': case 'fight': case 'hit': case 'strike': case 'kill': return attack(s, rest);
    case 'drink': case 'quaff': return drink(s, rest);
    case 'buy': case 'purchase': return buy(s, rest);
    case 'sell': return sell(s, rest);
    case 'wares': case 'shop': case 'list':
      return s.hero.at === 'market' ? ok(waresLine(s)) : no('Old Mott and his counter are back in the market.');
    case 'unlock': case 'open': return unlock(s, rest);
    case 'climb': return climb(s);
    case 'status': case 'stats': case 'me': case 'inventory': case 'inv': case 'i': case 'pack': return status(s);
    case 'help': case 'h': case '?': return ok(HELP);
    case '': return no('Say something. Try help.');
    default: return no(`Gloomwell does not know how to "${verb}". Try help.`);
  }
}

function act(s, raw) {
  if (s.status.won || s.status.dead) return no('This delve is over. Start a new game to go down the well again.');
  const [verb, rest] = parse(raw);
  const reply = run(s, verb, rest);
  if (reply.ok) s.counters.ticks += 1;
  return reply;
}

// ---- what the API shows ---------------------------------------------------

function view(s) {
  const id = s.hero.at;
  const r = ROOMS[id];
  const foe = liveFoe(s, id);
  const room = {
    id,
    title: r.title,
    exits: Object.entries(r.exits).map(([dir, to]) => {
      const door = doorBetween(id, to);
      return { dir, to, door: door ? { id: door, locked: s.doors[door].locked } : null };
    }),
    floor: s.floors[id].map((e) => ({ ...e })),
    foe: foe ? { id: foe.id, hp: foe.hp, max_hp: foe.max_hp, atk: foe.atk } : null,
  };
  if (id === 'market') room.wares = s.wares.map((w) => ({ id: w.id, price: w.price, left: w.limit - w.sold }));
  return {
    hero: {
      at: { x: r.x, y: r.y },
      vitals: { hp: s.hero.hp, max_hp: s.hero.max_hp },
      purse: { gold: s.hero.gold },
      pack: s.hero.pack.map((e) => ({ ...e })),
    },
    room,
    doors: Object.entries(s.doors).map(([door, d]) => ({ id: door, locked: d.locked })),
    counters: { ...s.counters },
    status: { ...s.status, over: s.status.won || s.status.dead },
  };
}

const INTRO = 'You climb down the rope into Gloomwell. Somewhere below lies the SUNSTONE that once lit the village. '
  + 'Say help if you need it.';

module.exports = { fresh, act, view, describe, INTRO, START_HP, POTION_HEAL };
