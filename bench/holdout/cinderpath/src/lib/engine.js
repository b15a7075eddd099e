'use strict';
// The rules of Cinderpath: parsing a command, carrying it out, and the weather that follows every turn.

const W = require('./world');

const DIRS = { n: 'north', s: 'south', e: 'east', w: 'west', north: 'north', south: 'south', east: 'east', west: 'west' };
const FILLER = new Set(['the', 'a', 'an', 'some', 'my']);
const VERBS = ['look', 'go', 'north', 'south', 'east', 'west', 'take', 'drop', 'examine', 'inventory', 'combine', 'put', 'give', 'eat', 'light', 'hint'];

const FIXTURES = {
  summit: [{ name: 'cold beacon' }],
};

const CONTAINERS = {
  'iron lantern': { takes: 'live ember' },
  'cold beacon': { takes: 'burning torch' },
};

function newGame() {
  const floor = {};
  for (const [id, room] of Object.entries(W.ROOMS)) floor[id] = room.items.map((i) => ({ ...i }));
  return {
    where: 'hut',
    rooms_seen: ['hut'],
    pack: [],
    hp: W.HP_MAX,
    warmth: W.WARMTH_MAX,
    flags: { lantern_lit: false, miller_fed: false, beacon_lit: false, won: false, dead: false },
    turn: 0,
    floor,
  };
}

function publicState(s) {
  return {
    where: s.where,
    rooms_seen: [...s.rooms_seen],
    pack: s.pack.map((i) => ({ name: i.name, qty: i.qty })),
    hp: s.hp,
    warmth: s.warmth,
    flags: { ...s.flags },
    turn: s.turn,
  };
}

function ok(message, timeless = false) {
  return { success: true, message, timeless };
}

function no(message) {
  return { success: false, message };
}

function stem(word) {
  return word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
}

function words(phrase) {
  return phrase.split(' ').filter((w) => w && !FILLER.has(w)).map(stem);
}

function matches(name, phrase) {
  const want = words(phrase);
  const have = words(name);
  return want.length > 0 && want.every((w) => have.includes(w));
}

function findIn(list, phrase) {
  return list.find((i) => matches(i.name, phrase));
}

function addTo(list, name, qty) {
  const entry = list.find((i) => i.name === name);
  if (entry) entry.qty += qty;
  else list.push({ name, qty });
}

function spend(list, name, qty) {
  const entry = list.find((i) => i.name === name);
  entry.qty -= qty;
  if (entry.qty <= 0) list.splice(list.indexOf(entry), 1);
}

function star(item) {
  return item.qty > 1 ? `*${item.name}* (${item.qty})` : `*${item.name}*`;
}

function describe(s) {
  const room = W.ROOMS[s.where];
  const lines = [`== ${room.title} ==`, room.text];
  const floor = s.floor[s.where];
  if (s.where === 'forge' && !s.flags.lantern_lit) {
    lines.push('An *iron lantern* hangs from a hook above the anvil.');
  }
  if (s.where === 'summit') {
    lines.push(s.flags.beacon_lit ? 'The beacon blazes, throwing light across the whole valley.' : 'The beacon is dark and cold.');
  }
  if (room.npc) lines.push('The *miller* sits by the millstone, eyeing your pack.');
  const shown = floor.filter((i) => !(s.where === 'forge' && i.name === 'iron lantern'));
  if (shown.length) lines.push(`You see: ${shown.map(star).join(', ')}.`);
  lines.push(`Exits: ${Object.keys(room.exits).join(', ')}.`);
  return lines.join('\n');
}

function move(s, dir) {
  const to = W.ROOMS[s.where].exits[dir];
  if (!to) return no(`You cannot go ${dir} from the ${W.ROOMS[s.where].title}.`);
  s.where = to;
  if (!s.rooms_seen.includes(W.ROOMS[to].title)) s.rooms_seen.push(to);
  return ok(describe(s));
}

function inventory(s) {
  const carried = s.pack.length ? s.pack.map(star).join(', ') : 'nothing';
  const lantern = s.flags.lantern_lit ? ' Your lantern glows.' : '';
  return ok(`You carry: ${carried}.${lantern}\nHP ${s.hp}/${W.HP_MAX}, warmth ${s.warmth}/${W.WARMTH_MAX}.`);
}

function take(s, phrase) {
  if (!phrase) return no('Take what?');
  const floor = s.floor[s.where];
  const item = findIn(floor, phrase);
  if (!item) {
    if (findThing(s, phrase)) return no('That is not something you can carry.');
    return no(`There is no "${phrase}" here.`);
  }
  floor.splice(floor.indexOf(item), 1);
  addTo(s.pack, item.name, item.qty);
  return ok(`Taken: ${star(item)}.`);
}

function drop(s, phrase) {
  if (!phrase) return no('Drop what?');
  const item = findIn(s.pack, phrase);
  if (!item) return no(`You are not carrying any "${phrase}".`);
  s.pack.splice(s.pack.indexOf(item), 1);
  addTo(s.floor[s.where], item.name, item.qty);
  return ok(`Dropped: ${star(item)}.`);
}

function findThing(s, phrase) {
  const npc = W.ROOMS[s.where].npc;
  const people = npc ? [{ name: W.NPCS[npc].name }] : [];
  return (
    findIn(s.pack, phrase) || findIn(s.floor[s.where], phrase) || findIn(FIXTURES[s.where] || [], phrase) || findIn(people, phrase)
  );
}

function examine(s, phrase) {
  if (!phrase) return no('Examine what?');
  if (['room', 'around', 'here'].includes(phrase)) return ok(describe(s));
  const thing = findThing(s, phrase);
  if (!thing) return no(`You see no "${phrase}" here.`);
  if (thing.name === 'miller') return ok(W.NPCS.miller.about);
  if (thing.name === 'cold beacon') {
    return ok(s.flags.beacon_lit ? 'The beacon roars, a tower of flame.' : 'An iron basket packed with old pitch. It wants a *burning torch*.');
  }
  if (thing.name === 'iron lantern' && s.flags.lantern_lit) return ok('The iron lantern glows with a steady ember. Its warmth seeps through your coat.');
  return ok(W.ITEM_TEXT[thing.name] || `Just a ${thing.name}.`);
}

function combine(s, first, second) {
  if (!first || !second) return no('Combine what with what? Try "combine flint with steel".');
  const a = findIn(s.pack, first);
  const b = findIn(s.pack, second);
  if (!a) return no(`You are not carrying any "${first}".`);
  if (!b) return no(`You are not carrying any "${second}".`);
  if (a === b) return no('You cannot combine a thing with itself.');
  const recipe = W.RECIPES.find((r) => r.parts[a.name] && r.parts[b.name]);
  if (!recipe) return no(`Nothing comes of combining the ${a.name} with the ${b.name}.`);
  for (const [name, qty] of Object.entries(recipe.parts)) {
    const held = s.pack.find((i) => i.name === name);
    if (!held || held.qty < qty) return no(`You need ${qty} ${name} for that.`);
  }
  for (const [name, qty] of Object.entries(recipe.parts)) {
    if (!recipe.keep.includes(name)) spend(s.pack, name, qty);
  }
  addTo(s.pack, recipe.makes.name, recipe.makes.qty);
  return ok(recipe.text);
}

function put(s, first, second) {
  if (!first || !second) return no('Put what in what? Try "put ember in lantern".');
  const item = findIn(s.pack, first);
  if (!item) return no(`You are not carrying any "${first}".`);
  const target = findThing(s, second);
  if (!target) return no(`You see no "${second}" here.`);
  const slot = CONTAINERS[target.name];
  if (slot.takes !== item.name) return no(`The ${target.name} will not take the ${item.name}.`);
  if (target.name === 'iron lantern') {
    if (!s.pack.includes(target)) return no('Pick the lantern up first.');
    if (s.flags.lantern_lit) return no('The lantern is already lit.');
    spend(s.pack, item.name, 1);
    s.flags.lantern_lit = true;
    return ok('You tuck the ember behind the glass. The *iron lantern* glows, and warmth creeps into your fingers.');
  }
  spend(s.pack, item.name, 1);
  s.flags.beacon_lit = true;
  s.flags.won = true;
  return ok('You thrust the torch into the pitch. The beacon roars into flame and its light spills down every valley below. The path is lit: you have won!');
}

function light(s, what, tool) {
  if (!what || !matches('cold beacon', what)) return no('Light what? Only the beacon wants lighting.');
  return put(s, tool || 'burning torch', what);
}

function give(s, first, second) {
  if (!first || !second) return no('Give what to whom? Try "give bread to miller".');
  const item = findIn(s.pack, first);
  if (!item) return no(`You are not carrying any "${first}".`);
  const npcId = W.ROOMS[s.where].npc;
  if (!npcId || !matches(W.NPCS[npcId].name, second)) return no(`There is no "${second}" here to give it to.`);
  const npc = W.NPCS[npcId];
  if (s.flags.miller_fed) return no(npc.done);
  if (item.name !== npc.wants) return no(`The ${npc.name} shakes his head at the ${item.name}.`);
  s.pack = s.pack.filter((i) => i !== item);
  s.flags.miller_fed = true;
  addTo(s.pack, npc.gives.name, npc.gives.qty);
  return ok(npc.thanks);
}

function eat(s, phrase) {
  if (!phrase) return no('Eat what?');
  const item = findIn(s.pack, phrase);
  if (!item) return no(`You are not carrying any "${phrase}".`);
  if (item.name !== 'rye bread') return no(`You cannot eat the ${item.name}.`);
  spend(s.pack, item.name, 1);
  s.hp = Math.min(W.HP_MAX, s.hp + W.BREAD_HEALS);
  return ok(`You eat the rye bread. HP ${s.hp}/${W.HP_MAX}.`);
}

function hint() {
  return ok(
    [
      'The beacon on Cinder Summit has gone dark. Light it again.',
      'The cold bites outdoors; the hut, forge and mill warm you. A lit lantern makes the climb kinder.',
      'Things combine: "combine flint with steel". Some things go into others: "put ember in lantern".',
      'People trade: "give bread to miller". Look closely at what you find: "x kindling".',
      `Verbs: ${VERBS.join(', ')}`,
    ].join('\n'),
    true,
  );
}

function parse(raw) {
  const text = String(raw).toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();
  const [verb = '', ...rest] = text.split(' ');
  return { verb, rest: rest.join(' ') };
}

function splitOn(rest, preps) {
  const parts = rest.split(' ');
  const at = parts.findIndex((p) => preps.includes(p));
  if (at < 0) return [rest, ''];
  return [parts.slice(0, at).join(' '), parts.slice(at + 1).join(' ')];
}

function act(s, raw) {
  const { verb, rest } = parse(raw);
  if (!verb) return no('Say something. Type `hint` if you are lost.');
  if (DIRS[verb] && !rest) return move(s, DIRS[verb]);
  switch (verb) {
    case 'go':
    case 'walk':
      return DIRS[rest] ? move(s, DIRS[rest]) : no(`Go where? The exits are: ${Object.keys(W.ROOMS[s.where].exits).join(', ')}.`);
    case 'look':
    case 'l':
      if (rest.startsWith('at ')) return examine(s, rest.slice(3));
      return rest ? examine(s, rest) : ok(describe(s));
    case 'x':
    case 'examine':
      return examine(s, rest);
    case 'inv':
    case 'i':
    case 'inventory':
      return inventory(s);
    case 'take':
    case 'get':
      return take(s, rest);
    case 'pick':
      return take(s, rest.replace(/^up /, ''));
    case 'drop':
      return drop(s, rest);
    case 'combine':
    case 'craft':
      return combine(s, ...splitOn(rest, ['with', 'and']));
    case 'put':
    case 'place':
      return put(s, ...splitOn(rest, ['in', 'into', 'on']));
    case 'give':
    case 'offer':
      return give(s, ...splitOn(rest, ['to']));
    case 'eat':
      return eat(s, rest);
    case 'light':
    case 'ignite':
      return light(s, ...splitOn(rest, ['with']));
    case 'hint':
    case 'help':
      return hint();
    default:
      return no(`I don't know how to "${verb}". Type \`hint\` for the verbs I understand.`);
  }
}

function weather(s) {
  const room = W.ROOMS[s.where];
  if (room.indoors) {
    s.warmth = Math.min(W.HP_MAX, s.warmth + W.WARMTH_GAIN_INDOORS);
    return '';
  }
  if (s.warmth === 0) {
    s.hp -= 1;
    return 'The cold gnaws at you: you lose 1 hp.';
  }
  const loss = s.flags.lantern_lit ? W.WARMTH_LOSS_WITH_LANTERN : W.WARMTH_LOSS_OUTDOORS;
  s.warmth = Math.max(0, s.warmth - loss);
  return s.warmth === 0 ? 'You are chilled to the bone.' : '';
}

function command(s, raw) {
  if (s.flags.won) return { success: false, message: 'The beacon already burns. Start a new game to climb again.', gameOver: true };
  if (s.flags.dead) return { success: false, message: 'You lie still in the ash. Start a new game.', gameOver: true };
  const result = act(s, raw);
  if (result.success && !result.timeless) {
    s.turn += 1;
    if (!s.flags.won) {
      const note = weather(s);
      if (note) result.message += `\n${note}`;
      if (s.hp < 0) {
        s.hp = 0;
        s.flags.dead = true;
        result.message += '\nYou sink into the ash and do not rise. The game is over.';
      }
    }
  }
  return { success: result.success, message: result.message, gameOver: s.flags.won || s.flags.dead };
}

function intro(s) {
  return `Cinderpath. The beacon on the summit has gone out, and the valley below waits in the dark.\n${describe(s)}\nType \`hint\` for help.`;
}

module.exports = { newGame, publicState, command, intro, describe };
