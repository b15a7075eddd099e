'use strict';

const W = require('./world');
const { parse, DIRECTIONS } = require('./parser');

const HELP = [
  'KESTREL DEEP SUIT TERMINAL // COMMANDS',
  '* MOVEMENT: go|walk|move <direction>, or just north|south|east|west|up|down (n|s|e|w|u|d)',
  '* LOOKING: look|l, examine|x|inspect <thing>, read <terminal>',
  '* ITEMS: get|take|grab <thing>, take <thing> from <container>, drop <thing>, put <thing> in <container>, use <thing>, use <thing> on <thing>, inventory|inv|i',
  '* CONTAINERS: open <container>, close <container>',
  '* SYSTEMS: type|enter|key <code>, launch, status',
  '* OTHER: help|?',
].join('\n');

function newState() {
  const containers = {};
  for (const [id, box] of Object.entries(W.CONTAINERS)) {
    containers[id] = { open: false, contents: { ...box.contents } };
  }
  const doors = {};
  for (const id of Object.keys(W.DOORS)) doors[id] = { locked: true };
  const floors = {};
  for (const id of Object.keys(W.MODULES)) floors[id] = {};
  return {
    module: W.START_MODULE,
    oxygen: W.START_OXYGEN,
    moves: 0,
    turn: 0,
    power: false,
    panels: { reactor: { fuse: false } },
    carried: {},
    floors,
    containers,
    doors,
    won: false,
    lost: false,
  };
}

const tag = (id) => `<${W.ITEMS[id].name.toUpperCase()}>`;
const ok = (message) => ({ message, success: true });
const no = (message) => ({ message, success: false });

function add(bag, id, qty) {
  bag[id] = (bag[id] || 0) + qty;
}

function remove(bag, id, qty) {
  bag[id] -= qty;
  if (bag[id] <= 0) delete bag[id];
}

function listing(bag) {
  const parts = Object.entries(bag)
    .filter(([, qty]) => qty > 0)
    .map(([id, qty]) => (qty > 1 ? `${tag(id)} x${qty}` : tag(id)));
  return parts.length ? parts.join(', ') : 'NOTHING';
}

function pairs(bag) {
  return Object.entries(bag)
    .filter(([, qty]) => qty > 0)
    .map(([id, qty]) => ({ name: W.ITEMS[id].name, value: qty }));
}

function doorBetween(a, b) {
  for (const [id, door] of Object.entries(W.DOORS)) {
    if (door.between.includes(a) && door.between.includes(b)) return id;
  }
  return null;
}

function clearance(s) {
  let level = 0;
  for (const [id, lvl] of Object.entries(W.KEYCARDS)) if (s.carried[id]) level = Math.max(level, lvl);
  return level;
}

function moduleContainers(s) {
  return W.MODULES[s.module].containers || [];
}

function moduleFixtures(s) {
  return W.MODULES[s.module].fixtures || [];
}

function containerLine(id, contents, open) {
  const name = W.CONTAINERS[id].name.toUpperCase();
  return open ? `THE ${name} IS OPEN. INSIDE: ${listing(contents)}.` : `THE ${name} IS CLOSED.`;
}

function exitsLine(s) {
  const parts = Object.entries(W.MODULES[s.module].exits).map(([dir, to]) => {
    const door = doorBetween(s.module, to);
    const shut = door && s.doors[door].locked ? ` (${W.DOORS[door].title}, SEALED)` : '';
    return `${dir.toUpperCase()}: ${W.MODULES[to].title}${shut}`;
  });
  return `EXITS: ${parts.join(' / ')}.`;
}

function describe(s) {
  const m = W.MODULES[s.module];
  const lines = [`== ${m.title} ==`, m.text];
  for (const id of moduleContainers(s)) {
    lines.push(containerLine(id, W.CONTAINERS[id].contents, s.containers[id].open));
  }
  if (s.module === 'reactor') lines.push(s.panels.reactor.fuse ? 'A FUSE SITS IN THE POWER PANEL.' : 'THE POWER PANEL FUSE SOCKET IS EMPTY.');
  if (Object.keys(s.floors[s.module]).length) lines.push(`ON THE DECK: ${listing(s.floors[s.module])}.`);
  lines.push(exitsLine(s));
  return lines.join('\n');
}

function breathe(s, cost) {
  s.oxygen = Math.max(0, s.oxygen - cost);
  if (s.oxygen < 0) {
    s.lost = true;
    return 'OXYGEN DEPLETED. SUIT FAILURE. MISSION LOST.';
  }
  if (s.oxygen <= W.LOW_OXYGEN) return `WARNING: OXYGEN AT ${s.oxygen}%.`;
  return '';
}

function go(s, dir) {
  if (!dir) return no('GO WHERE? NAME A DIRECTION.');
  if (!Object.values(DIRECTIONS).includes(dir)) return no(`UNKNOWN DIRECTION: ${dir.toUpperCase()}.`);
  s.moves += 1;
  const to = W.MODULES[s.module].exits[dir];
  if (!to) return no(`NO PASSAGE ${dir.toUpperCase()}.`);
  const door = doorBetween(s.module, to);
  let opened = '';
  if (door && s.doors[door].locked) {
    const spec = W.DOORS[door];
    if (spec.needsPower) {
      if (!s.power) return no(`ACCESS DENIED. ${spec.title} HAS NO POWER.`);
      opened = `${spec.title} SLIDES OPEN.\n`;
    } else {
      if (clearance(s) < spec.level) return no(`ACCESS DENIED. KEYCARD LEVEL ${spec.level} REQUIRED.`);
      opened = `KEYCARD ACCEPTED. ${spec.title} UNLOCKED.\n`;
    }
    s.doors[door].locked = false;
  }
  s.module = to;
  const cost = W.MODULES[to].vented ? W.VENTED_MOVE_COST : W.MOVE_COST;
  const warning = breathe(s, cost);
  return ok(opened + describe(s) + (warning ? `\n${warning}` : ''));
}

function findItem(phrase) {
  for (const [id, item] of Object.entries(W.ITEMS)) if (item.aliases.includes(phrase)) return id;
  return null;
}

function findIn(table, phrase, allowed) {
  for (const id of allowed) if (table[id].aliases.includes(phrase)) return id;
  return null;
}

// "keycard" or "card" alone means whichever keycard is at hand.
function resolveItem(s, phrase, bags) {
  if (phrase === 'keycard' || phrase === 'card') {
    const present = Object.keys(W.KEYCARDS).filter((id) => bags.some((bag) => bag[id]));
    if (present.length > 1) return { ambiguous: 'WHICH KEYCARD? <KEYCARD L1> OR <KEYCARD L2>.' };
    return { id: present[0] || 'keycard_l1' };
  }
  return { id: findItem(phrase) };
}

function take(s, phrase, fromPhrase) {
  if (!phrase) return no('TAKE WHAT?');
  const open = moduleContainers(s).filter((id) => s.containers[id].open);
  let sources;
  if (fromPhrase) {
    const box = findIn(W.CONTAINERS, fromPhrase, moduleContainers(s));
    if (!box) return no(`NO ${fromPhrase.toUpperCase()} HERE.`);
    if (!s.containers[box].open) return no(`THE ${W.CONTAINERS[box].name.toUpperCase()} IS CLOSED.`);
    sources = [[box, s.containers[box].contents]];
  } else {
    sources = [[null, s.floors[s.module]], ...open.map((id) => [id, s.containers[id].contents])];
  }
  const found = resolveItem(s, phrase, sources.map(([, bag]) => bag));
  if (found.ambiguous) return no(found.ambiguous);
  if (!found.id) return no(`UNKNOWN OBJECT: ${phrase.toUpperCase()}.`);
  const source = sources.find(([, bag]) => bag[found.id]);
  if (!source) return no(`NO ${tag(found.id)} WITHIN REACH.`);
  remove(source[1], found.id, 1);
  add(s.carried, found.id, 1);
  const where = source[0] ? ` FROM THE ${W.CONTAINERS[source[0]].name.toUpperCase()}` : '';
  return ok(`TAKEN: ${tag(found.id)}${where}.`);
}

function carriedItem(s, phrase) {
  const found = resolveItem(s, phrase, [s.carried]);
  if (found.ambiguous) return found;
  if (!found.id) return { error: `UNKNOWN OBJECT: ${phrase.toUpperCase()}.` };
  if (!s.carried[found.id]) return { error: `YOU ARE NOT CARRYING ${tag(found.id)}.` };
  return found;
}

function drop(s, phrase) {
  if (!phrase) return no('DROP WHAT?');
  const found = carriedItem(s, phrase);
  if (!found.id) return no(found.ambiguous || found.error);
  remove(s.carried, found.id, 1);
  add(s.floors[s.module], found.id, 1);
  return ok(`DROPPED: ${tag(found.id)}.`);
}

function put(s, phrase, target) {
  if (!phrase || !target) return no('PUT WHAT IN WHAT?');
  const found = carriedItem(s, phrase);
  if (!found.id) return no(found.ambiguous || found.error);
  const box = findIn(W.CONTAINERS, target, moduleContainers(s));
  if (!box) return no(`NO ${target.toUpperCase()} HERE.`);
  const state = s.containers[box];
  if (!state.open) return no(`THE ${W.CONTAINERS[box].name.toUpperCase()} IS CLOSED.`);
  remove(s.carried, found.id, 1);
  state.contents = { ...state.contents, [found.id]: 1 };
  return ok(`STOWED: ${tag(found.id)} IN THE ${W.CONTAINERS[box].name.toUpperCase()}.`);
}

function openClose(s, phrase, opening) {
  const verb = opening ? 'OPEN' : 'CLOSE';
  if (!phrase) return no(`${verb} WHAT?`);
  const box = findIn(W.CONTAINERS, phrase, moduleContainers(s));
  if (!box) return no(`NOTHING TO ${verb} CALLED ${phrase.toUpperCase()} HERE.`);
  const state = s.containers[box];
  const name = W.CONTAINERS[box].name.toUpperCase();
  if (state.open === opening) return no(`THE ${name} IS ALREADY ${opening ? 'OPEN' : 'CLOSED'}.`);
  state.open = opening;
  return ok(opening ? containerLine(box, state.contents, true) : `THE ${name} CLICKS SHUT.`);
}

function refill(s) {
  remove(s.carried, 'o2_canister', 1);
  s.oxygen = Math.min(W.MAX_OXYGEN, s.oxygen + W.CANISTER_OXYGEN);
  return ok(`${tag('o2_canister')} VENTED INTO YOUR SUIT. OXYGEN NOW ${s.oxygen}%.`);
}

function use(s, phrase, target) {
  if (!phrase) return no('USE WHAT?');
  const found = carriedItem(s, phrase);
  if (!found.id) return no(found.ambiguous || found.error);
  const id = found.id;
  if (id === 'o2_canister') {
    if (target && !['suit', 'me', 'self', 'myself', 'helmet'].includes(target)) return no('THAT DOES NOT TAKE OXYGEN.');
    return refill(s);
  }
  if (id === 'fuse') {
    if (!target) return no(`USE ${tag('fuse')} ON WHAT?`);
    if (!W.FIXTURES.panel.aliases.includes(target)) return no('THE FUSE DOES NOT FIT THAT.');
    if (!moduleFixtures(s).includes('panel')) return no('NO POWER PANEL HERE.');
    remove(s.carried, 'fuse', 1);
    s.panels.reactor.fuse = true;
    return ok(`${tag('fuse')} SEATED. POWER PANEL AWAITING RESTART CODE.`);
  }
  if (id in W.KEYCARDS) return no('NO NEED. DOORS READ KEYCARDS AUTOMATICALLY. JUST WALK THROUGH.');
  return no('NOTHING HAPPENS.');
}

function examine(s, phrase) {
  if (!phrase) return no('EXAMINE WHAT?');
  const box = findIn(W.CONTAINERS, phrase, moduleContainers(s));
  if (box) return ok(containerLine(box, s.containers[box].contents, s.containers[box].open));
  const fixture = findIn(W.FIXTURES, phrase, moduleFixtures(s));
  if (fixture === 'terminal') return ok('AN OLD STATION TERMINAL. THE SCREEN SAYS: READ ME.');
  if (fixture === 'panel') {
    return ok(s.panels.reactor.fuse ? `POWER PANEL. FUSE SEATED. MAIN POWER ${s.power ? 'ONLINE' : 'OFFLINE'}.` : 'POWER PANEL. THE FUSE SOCKET IS EMPTY. A KEYPAD WAITS.');
  }
  if (fixture === 'pod') return ok(`A ONE-SEAT ESCAPE POD. TYPE LAUNCH TO GO.`);
  const here = [s.carried, s.floors[s.module], ...moduleContainers(s).filter((b) => s.containers[b].open).map((b) => s.containers[b].contents)];
  const found = resolveItem(s, phrase, here);
  if (found.ambiguous) return no(found.ambiguous);
  if (found.id && here.some((bag) => bag[found.id])) return ok(`${tag(found.id)}: ${W.ITEMS[found.id].text}`);
  return no(`YOU SEE NO ${phrase.toUpperCase()} HERE.`);
}

function read(s, phrase) {
  if (phrase && !W.FIXTURES.terminal.aliases.includes(phrase)) return no(`NOTHING TO READ ON ${phrase.toUpperCase()}.`);
  if (!moduleFixtures(s).includes('terminal')) return no('NO TERMINAL HERE.');
  return ok(W.TERMINAL_LOG.join('\n'));
}

function typeCode(s, code) {
  if (!code) return no('TYPE WHAT CODE?');
  const panel = s.panels[s.module];
  if (!panel.fuse) return no('KEYPAD DEAD. NO FUSE SEATED.');
  if (s.power) return no('MAIN POWER IS ALREADY ONLINE.');
  if (code !== W.RESTART_CODE) return no(`CODE ${code} REJECTED.`);
  s.power = true;
  return ok('REACTOR RESTART SEQUENCE COMPLETE. MAIN POWER ONLINE. THE STATION HUMS.');
}

function launch(s) {
  if (!moduleFixtures(s).includes('pod')) return no('NO ESCAPE POD HERE.');
  s.won = true;
  return ok('POD SEALED. CLAMPS RELEASED. KESTREL DEEP FALLS AWAY BEHIND YOU. MISSION COMPLETE.');
}

function status(s) {
  return ok(`OXYGEN ${s.oxygen}%. MOVES ${s.moves}. MAIN POWER ${s.power ? 'ONLINE' : 'OFFLINE'}. MODULE: ${W.MODULES[s.module].title}.`);
}

function act(s, cmd) {
  switch (cmd.verb) {
    case 'help': return ok(HELP);
    case 'look': return ok(describe(s));
    case 'go': return go(s, cmd.object);
    case 'take': return take(s, cmd.object, cmd.target);
    case 'drop': return drop(s, cmd.object);
    case 'put': return put(s, cmd.object, cmd.target);
    case 'open': return openClose(s, cmd.object, true);
    case 'close': return openClose(s, cmd.object, false);
    case 'use': return use(s, cmd.object, cmd.target);
    case 'examine': return examine(s, cmd.object);
    case 'read': return read(s, cmd.object);
    case 'type': return typeCode(s, cmd.object);
    case 'launch': return launch(s);
    case 'status': return status(s);
    case 'inventory': return ok(`CARRYING: ${listing(s.carried)}.`);
    case '': return no('ENTER A COMMAND. TYPE HELP FOR THE LIST.');
    default: return no(`UNKNOWN COMMAND: ${cmd.raw.toUpperCase()}. TYPE HELP.`);
  }
}

function command(s, text) {
  const cmd = parse(text);
  if (s.won || s.lost) {
    if (cmd.verb === 'help') return ok(HELP);
    return no('MISSION OVER. START A NEW GAME.');
  }
  s.turn += 1;
  return act(s, cmd);
}

function view(s) {
  const m = W.MODULES[s.module];
  return {
    module: m.title,
    readings: [
      { name: 'oxygen', value: s.oxygen, unit: '%' },
      { name: 'moves', value: s.moves, unit: 'moves' },
      { name: 'main power', value: s.power ? 'online' : 'offline', unit: '' },
    ],
    carried: pairs(s.carried),
    floor: pairs(s.floors[s.module]),
    containers: moduleContainers(s).map((id) => {
      const box = s.containers[id];
      const entry = { name: W.CONTAINERS[id].name, value: box.open ? 'open' : 'closed' };
      if (box.open) entry.contents = pairs(box.contents);
      return entry;
    }),
    fixtures: moduleFixtures(s).map((id) => ({
      name: W.FIXTURES[id].name,
      value: id === 'panel' ? (s.panels.reactor.fuse ? 'fuse seated' : 'fuse missing') : 'ready',
    })),
    exits: Object.entries(m.exits).map(([dir, to]) => {
      const door = doorBetween(s.module, to);
      const exit = { name: dir, value: W.MODULES[to].title };
      if (door) exit.door = s.doors[door].locked ? 'sealed' : 'open';
      return exit;
    }),
    mission: { won: s.won, lost: s.lost, over: s.won || s.lost },
  };
}

function intro(s) {
  return `KESTREL DEEP // SUIT TERMINAL ONLINE\nSTATION POWER OFFLINE. RESTORE MAIN POWER AND REACH THE ESCAPE POD.\nTYPE HELP FOR COMMANDS.\n${describe(s)}`;
}

module.exports = { newState, command, view, intro, HELP, DIRECTIONS };
