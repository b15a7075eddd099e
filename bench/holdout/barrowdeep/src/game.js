'use strict';

const MAPS = require('./maps');

const START_HP = 16;
const BASE_STR = 16;
const BASE_AC = 10;
const WAKE_RANGE = 4;
const HUNGRY_AT = 120;
const WEAK_AT = 200;
const STARVE_AT = 260;
const MAX_COUNT = 500;

const KINDS = {
  dagger: { cls: 'weapon', glyph: ')', one: 'a dagger', dmg: 4 },
  'long sword': { cls: 'weapon', glyph: ')', one: 'a +1 long sword', dmg: 8, ench: 1 },
  'potion of healing': {
    cls: 'potion', glyph: '!', one: 'a potion of healing', many: (n) => `${n} potions of healing`,
  },
  'food ration': {
    cls: 'food', glyph: '%', one: 'a food ration', many: (n) => `${n} food rations`, nutrition: 200,
  },
  'leather armour': { cls: 'armour', glyph: '[', one: 'a leather armour', ac: 1 },
  'Barrow Amulet': { cls: 'amulet', glyph: '"', one: 'the Barrow Amulet' },
};

const POTION_EFFECTS = {
  'potion of healing': (game) => {
    game.hp = Math.min(game.hpmax, game.hp + 8);
    return 'You feel better.';
  },
};

const MONSTERS = {
  kobold: { glyph: 'k', hp: 6, dmg: 2 },
  jackal: { glyph: 'd', hp: 5, dmg: 2 },
  goblin: { glyph: 'o', hp: 10, dmg: 3 },
  'barrow wight': { glyph: 'W', hp: 24, dmg: 5 },
};

const DIRS = {
  h: [-1, 0], j: [0, 1], k: [0, -1], l: [1, 0], y: [-1, -1], u: [1, -1], b: [-1, 1], n: [1, 1],
};

const ALIASES = {
  west: 'h', south: 'j', north: 'k', east: 'l',
  northwest: 'y', northeast: 'u', southwest: 'b', southeast: 'n',
  pickup: ',', 'pick up': ',', inventory: 'i', quaff: 'q', wield: 'w', wear: 'W', eat: 'e',
  descend: '>', search: 's', rest: '.', look: ':', help: '?',
};

const PROMPTS = {
  q: { verb: 'quaff', cls: 'potion', none: "You don't have anything to drink." },
  w: { verb: 'wield', cls: 'weapon', none: "You don't have anything to wield." },
  W: { verb: 'wear', cls: 'armour', none: "You don't have anything else to wear." },
  e: { verb: 'eat', cls: 'food', none: "You don't have anything to eat." },
};

const LEGEND = [
  ['h', 'west (or: west)', 'y', 'northwest (or: northwest)'],
  ['j', 'south (or: south)', 'u', 'northeast (or: northeast)'],
  ['k', 'north (or: north)', 'b', 'southwest (or: southwest)'],
  ['l', 'east (or: east)', 'n', 'southeast (or: southeast)'],
  [',', 'pick up (or: pickup)', 'i', 'inventory (or: inventory)'],
  ['q', 'quaff a potion (or: quaff)', 'e', 'eat something (or: eat)'],
  ['w', 'wield a weapon (or: wield)', 'W', 'wear armour (or: wear)'],
  ['>', 'go down stairs (or: descend)', 's', 'search around (or: search)'],
  ['.', 'rest one turn (or: rest)', ':', 'look here (or: look)'],
  ['20.', 'rest 20 turns (or: rest 20)', '20s', 'search 20 turns (or: search 20)'],
  ['?', 'this legend (or: help)', '', ''],
];

function legend() {
  const cell = (key, meaning) => (key ? `${key.padEnd(4)} ${meaning}` : '');
  const lines = LEGEND.map(([k1, m1, k2, m2]) => `${cell(k1, m1).padEnd(38)}${cell(k2, m2)}`.trimEnd());
  return ['Key legend:', ...lines, 'At a prompt like [bc or ?*], answer with a slot letter; ? or * lists them.']
    .join('\n');
}

function key(x, y) {
  return `${x},${y}`;
}

function buildLevel(spec) {
  const grid = spec.rows.map((row) => row.split(''));
  const items = [];
  const monsters = [];
  let start = null;
  for (let y = 0; y < grid.length; y += 1) {
    for (let x = 0; x < grid[y].length; x += 1) {
      const ch = grid[y][x];
      const at = key(x, y);
      if (ch === '<') start = [x, y];
      if (ch === '$') {
        items.push({ x, y, kind: 'gold', qty: spec.gold[at] });
        grid[y][x] = '.';
      } else if (spec.items[at]) {
        items.push({ x, y, kind: spec.items[at], qty: 1 });
        grid[y][x] = '.';
      } else if (spec.monsters[at]) {
        const m = MONSTERS[spec.monsters[at]];
        monsters.push({ x, y, name: spec.monsters[at], glyph: m.glyph, hp: m.hp, dmg: m.dmg, awake: false });
        grid[y][x] = '.';
      }
    }
  }
  return { grid, items, monsters, start };
}

function itemName(kind, qty) {
  if (kind === 'gold') return qty === 1 ? '1 gold piece' : `${qty} gold pieces`;
  const k = KINDS[kind];
  return qty > 1 && k.many ? k.many(qty) : k.one;
}

class Game {
  constructor(id) {
    this.id = id;
    this.levels = MAPS.map(buildLevel);
    this.dlvl = 1;
    [this.x, this.y] = this.level.start;
    this.hp = START_HP;
    this.hpmax = START_HP;
    this.str = BASE_STR;
    this.au = 0;
    this.t = 0;
    this.hunger = 0;
    this.hungerStatus = 'Not hungry';
    this.inv = [];
    this.weapon = null;
    this.armour = null;
    this.prompt = null;
    this.won = false;
    this.dead = false;
    const dagger = this.addItem('dagger', 1);
    dagger.inHand = true;
    this.weapon = dagger;
    this.addItem('potion of healing', 1);
    this.addItem('food ration', 1);
  }

  get level() {
    return this.levels[this.dlvl - 1];
  }

  get ac() {
    return BASE_AC - (this.armour ? KINDS[this.armour.kind].ac : 0);
  }

  intro() {
    return 'Welcome to the Barrowdeep! Fetch the Barrow Amulet from the third level. Type ? for the key legend.';
  }

  addItem(kind, qty) {
    const held = this.inv.find((it) => it.kind === kind && KINDS[kind].many);
    if (held) {
      held.qty += qty;
      return held;
    }
    const used = new Set(this.inv.map((it) => it.letter));
    const letter = 'abcdefghijklmnopqrstuvwxyz'.split('').find((l) => !used.has(l));
    const item = { letter, kind, qty, inHand: false, worn: false };
    this.inv.push(item);
    this.inv.sort((a, b) => a.letter.localeCompare(b.letter));
    return item;
  }

  label(item) {
    let text = `${itemName(item.kind, item.qty)}`;
    if (item.inHand) text += ' (weapon in hand)';
    if (item.worn) text += ' (being worn)';
    return text;
  }

  walkable(x, y) {
    const row = this.level.grid[y];
    const ch = row ? row[x] : undefined;
    return ch === '.' || ch === '+' || ch === '<' || ch === '>';
  }

  monsterAt(x, y) {
    return this.level.monsters.find((m) => m.hp > 0 && m.x === x && m.y === y) || null;
  }

  itemsAt(x, y) {
    return this.level.items.filter((it) => it.x === x && it.y === y);
  }

  state() {
    const grid = this.level.grid.map((row) => row.map((ch) => (ch === 'H' ? '#' : ch)));
    for (const it of this.level.items) grid[it.y][it.x] = it.kind === 'gold' ? '$' : KINDS[it.kind].glyph;
    for (const m of this.level.monsters) grid[m.y][m.x] = m.glyph;
    grid[this.y][this.x] = '@';
    const inv = {};
    for (const it of this.inv) inv[it.letter] = this.label(it);
    return {
      Map: grid.map((row) => row.join('')),
      HP: this.hp,
      HPmax: this.hpmax,
      Str: this.str,
      AC: this.ac,
      Au: this.au,
      Dlvl: this.dlvl,
      T: this.t,
      Hunger: this.hungerStatus,
      Inv: inv,
      Prompt: this.prompt ? this.prompt.text : null,
      Won: this.won,
      Dead: this.dead,
    };
  }

  // Returns { message, success }.
  command(raw) {
    const text = String(raw).trim();
    if (this.dead) return { message: 'You are dead. Start a new game.', success: false };
    if (this.won) return { message: 'You have already won. Start a new game to play again.', success: false };
    if (this.prompt) return this.answer(text);
    if (!text) return { message: 'Type ? for the key legend.', success: false };
    const counted = this.parseCount(text);
    if (counted) return this.repeat(counted.cmd, counted.count);
    const cmd = ALIASES[text.toLowerCase()] || text;
    return this.act(cmd);
  }

  parseCount(text) {
    let m = /^(\d+)\s*([.s])$/.exec(text);
    if (!m) {
      const word = /^(rest|search)\s+(\d+)$/i.exec(text);
      if (word) m = [text, word[2], word[1].toLowerCase() === 'rest' ? '.' : 's'];
    }
    if (!m) return null;
    return { count: Math.min(Math.max(parseInt(m[1], 10), 1), MAX_COUNT), cmd: m[2] };
  }

  act(cmd) {
    if (DIRS[cmd]) return this.move(...DIRS[cmd]);
    switch (cmd) {
      case ',': return this.pickUp();
      case 'i': return { message: this.inventoryText(), success: true };
      case '?': return { message: legend(), success: true };
      case ':': return { message: this.lookText(), success: true };
      case '>': return this.descend();
      case 's': return this.repeat('s', 1);
      case '.': return this.repeat('.', 1);
      case 'q': case 'w': case 'W': case 'e': return this.ask(cmd);
      default:
        return { message: `Unknown command '${cmd}'. Type ? for the key legend.`, success: false };
    }
  }

  inventoryText() {
    if (!this.inv.length) return 'Not carrying anything.';
    return this.inv.map((it) => `${it.letter} - ${this.label(it)}`).join('\n');
  }

  lookText() {
    const here = this.itemsAt(this.x, this.y);
    const ch = this.level.grid[this.y][this.x];
    const parts = [];
    if (ch === '>') parts.push('There is a staircase down here.');
    if (ch === '<') parts.push('There is a staircase up here.');
    if (here.length === 1) parts.push(`You see here ${itemName(here[0].kind, here[0].qty)}.`);
    if (here.length > 1) parts.push(`Things that are here: ${here.map((it) => itemName(it.kind, it.qty)).join(', ')}.`);
    return parts.length ? parts.join(' ') : 'You see no objects here.';
  }

  ask(cmd) {
    const spec = PROMPTS[cmd];
    let letters = this.inv.filter((it) => KINDS[it.kind].cls === spec.cls).map((it) => it.letter).join('');
    if (cmd === 'w') letters = `- ${letters}`.trim();
    if (!letters) return { message: spec.none, success: false };
    const text = `What do you want to ${spec.verb}? [${letters} or ?*]`;
    this.prompt = { cmd, text };
    return { message: text, success: true };
  }

  answer(text) {
    const { cmd, text: question } = this.prompt;
    if (text === '?' || text === '*') {
      return { message: `${this.inventoryText()}\n${question}`, success: true };
    }
    this.prompt = null;
    if (cmd === 'w' && text === '-') return this.wield(null);
    if (!/^[a-zA-Z]$/.test(text)) return { message: 'Never mind.', success: false };
    const item = this.inv.find((it) => it.letter === text);
    if (!item) return { message: "You don't have that object.", success: false };
    if (cmd === 'q') return this.quaff(item);
    if (cmd === 'w') return this.wield(item);
    if (cmd === 'W') return this.wear(item);
    return this.eat(item);
  }

  useUp(item) {
    item.qty -= 1;
    if (item.qty <= 0) this.inv = this.inv.filter((it) => it !== item);
  }

  quaff(item) {
    const message = POTION_EFFECTS[item.kind](this);
    this.useUp(item);
    return this.turn(message);
  }

  wield(item) {
    if (item === null) {
      this.weapon = null;
      for (const it of this.inv) it.inHand = false;
      return this.turn('You are empty handed.');
    }
    if (KINDS[item.kind].cls !== 'weapon') {
      return { message: `You cannot wield ${itemName(item.kind, item.qty)}.`, success: false };
    }
    if (this.weapon === item) return { message: `You are already wielding ${KINDS[item.kind].one}!`, success: false };
    this.weapon = item;
    return this.turn(`${item.letter} - ${KINDS[item.kind].one} (weapon in hand).`);
  }

  wear(item) {
    if (KINDS[item.kind].cls !== 'armour') return { message: "You can't wear that!", success: false };
    if (item.worn) return { message: 'You are already wearing that!', success: false };
    this.armour = item;
    item.worn = true;
    return this.turn(`You are now wearing ${KINDS[item.kind].one}.`);
  }

  eat(item) {
    if (KINDS[item.kind].cls !== 'food') return { message: "You cannot eat that!", success: false };
    this.useUp(item);
    this.hunger = Math.max(0, this.hunger - KINDS[item.kind].nutrition);
    this.hungerStatus = 'Not hungry';
    return this.turn('This food ration is delicious!');
  }

  move(dx, dy) {
    const nx = this.x + dx;
    const ny = this.y + dy;
    const foe = this.monsterAt(nx, ny);
    if (foe) return this.turn(this.attack(foe));
    if (!this.walkable(nx, ny)) return { message: 'You cannot pass through the wall.', success: false };
    this.x = nx;
    this.y = ny;
    const here = this.itemsAt(nx, ny);
    let message = '';
    if (here.length === 1) message = `You see here ${itemName(here[0].kind, here[0].qty)}.`;
    if (here.length > 1) message = 'There are several objects here.';
    if (this.level.grid[ny][nx] === '>') message = `${message} There is a staircase down here.`.trim();
    return this.turn(message);
  }

  attack(foe) {
    const kind = this.weapon ? KINDS[this.weapon.kind] : { dmg: 1 };
    const damage = kind.dmg + (kind.ench || 0) + (this.str >= 16 ? 1 : 0);
    foe.hp -= damage;
    foe.awake = true;
    if (foe.hp <= 0) return `You kill the ${foe.name}!`;
    return `You hit the ${foe.name}.`;
  }

  pickUp() {
    const here = this.itemsAt(this.x, this.y);
    if (!here.length) return { message: 'There is nothing here to pick up.', success: false };
    const lines = [];
    for (const it of here) {
      this.level.items = this.level.items.filter((other) => other !== it);
      if (it.kind === 'gold') {
        this.au = it.qty;
        lines.push(`${itemName('gold', it.qty)}.`);
      } else if (it.kind === 'Barrow Amulet') {
        const held = this.addItem(it.kind, 1);
        this.won = true;
        lines.push(`${held.letter} - the Barrow Amulet. You have won! You escape the Barrowdeep with ${this.au} gold.`);
      } else {
        const held = this.addItem(it.kind, it.qty);
        lines.push(`${held.letter} - ${this.label(held)}.`);
      }
    }
    return this.turn(lines.join(' '));
  }

  descend() {
    if (this.level.grid[this.y][this.x] !== '>') return { message: "You can't go down here.", success: false };
    this.dlvl += 1;
    [this.x, this.y] = this.level.start;
    return this.turn(`You descend the stairs to dungeon level ${this.dlvl}.`);
  }

  search() {
    const found = [];
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1) {
        const row = this.level.grid[this.y + dy];
        if (row && row[this.x + dx] === 'H') {
          row[this.x + dx] = '+';
          found.push('You find a hidden door.');
        }
      }
    }
    return found.join(' ');
  }

  repeat(cmd, count) {
    const parts = [];
    let done = 0;
    for (let i = 0; i < count; i += 1) {
      const note = cmd === 's' ? this.search() : '';
      const { message } = this.turn(note);
      done += 1;
      if (message) parts.push(message);
      if (message || this.dead || this.adjacentFoe()) break;
    }
    if (!parts.length) {
      if (cmd === 's') parts.push(done > 1 ? `You search ${done} turns but find nothing.` : 'You search but find nothing.');
      else parts.push(done > 1 ? `You rest ${done} turns.` : 'You rest.');
    }
    return { message: parts.join(' '), success: true };
  }

  adjacentFoe() {
    return this.level.monsters.some((m) => m.hp > 0 && Math.abs(m.x - this.x) <= 1 && Math.abs(m.y - this.y) <= 1);
  }

  // Ends a turn that the player spent: time, hunger, then the monsters. Returns { message, success }.
  turn(message) {
    const lines = message ? [message] : [];
    this.t += 1;
    if (this.won) return { message: lines.join(' '), success: true };
    this.hunger += 1;
    this.updateHunger(lines);
    if (!this.dead) this.monstersAct(lines);
    return { message: lines.join(' '), success: true };
  }

  updateHunger(lines) {
    if (this.hunger >= STARVE_AT) {
      this.die(lines, 'You faint from lack of food.');
      return;
    }
    let status = 'Not hungry';
    if (this.hunger >= WEAK_AT) status = 'Weak';
    else if (this.hunger >= HUNGRY_AT) status = 'Hungry';
    if (status === this.hungerStatus) return;
    if (status === 'Weak') {
      this.str -= 1;
      lines.push('You are beginning to feel weak.');
    } else if (this.hungerStatus === 'Weak') {
      this.str += 1;
      lines.push('You feel your strength return.');
    } else if (status === 'Hungry') {
      lines.push('You are beginning to feel hungry.');
    }
    this.hungerStatus = status;
  }

  monstersAct(lines) {
    for (const m of this.level.monsters) {
      if (m.hp <= 0 || this.dead) continue;
      const dist = Math.max(Math.abs(m.x - this.x), Math.abs(m.y - this.y));
      if (dist <= WAKE_RANGE) m.awake = true;
      if (!m.awake) continue;
      if (dist <= 1) {
        const damage = Math.max(1, m.dmg - (BASE_AC - this.ac));
        this.hp -= damage;
        lines.push(`The ${m.name} hits!`);
        if (this.hp <= 0) this.die(lines, `You were killed by a ${m.name}.`);
        continue;
      }
      const steps = this.distancesToPlayer();
      let best = null;
      for (const [dx, dy] of Object.values(DIRS)) {
        const nx = m.x + dx;
        const ny = m.y + dy;
        const d = steps.get(key(nx, ny));
        if (d === undefined || this.monsterAt(nx, ny) || (nx === this.x && ny === this.y)) continue;
        if (d < steps.get(key(m.x, m.y)) && (!best || d < best.d)) best = { x: nx, y: ny, d };
      }
      if (best) {
        m.x = best.x;
        m.y = best.y;
      }
    }
  }

  // Steps from every walkable square to the player, walking in eight directions.
  distancesToPlayer() {
    const steps = new Map([[key(this.x, this.y), 0]]);
    const queue = [[this.x, this.y]];
    while (queue.length) {
      const [x, y] = queue.shift();
      for (const [dx, dy] of Object.values(DIRS)) {
        const at = key(x + dx, y + dy);
        if (steps.has(at) || !this.walkable(x + dx, y + dy)) continue;
        steps.set(at, steps.get(key(x, y)) + 1);
        queue.push([x + dx, y + dy]);
      }
    }
    return steps;
  }

  die(lines, cause) {
    this.hp = 0;
    this.dead = true;
    lines.push(`${cause} You die...`);
  }
}

module.exports = { Game, legend };
