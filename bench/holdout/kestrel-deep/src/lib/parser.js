'use strict';

// Free text to { verb, object, target }: synonyms folded, articles dropped.

const DIRECTIONS = {
  n: 'north', north: 'north',
  s: 'south', south: 'south',
  e: 'east', east: 'east',
  w: 'west', west: 'west',
  u: 'up', up: 'up',
  d: 'down', down: 'down',
};

const VERBS = {
  go: 'go', walk: 'go', move: 'go',
  look: 'look', l: 'look',
  examine: 'examine', x: 'examine', inspect: 'examine',
  read: 'read',
  get: 'take', take: 'take', grab: 'take',
  drop: 'drop',
  put: 'put',
  use: 'use',
  inventory: 'inventory', inv: 'inventory', i: 'inventory',
  open: 'open',
  close: 'close',
  type: 'type', enter: 'type', key: 'type',
  launch: 'launch',
  status: 'status',
  help: 'help', '?': 'help',
};

const ARTICLES = new Set(['the', 'a', 'an']);
const TARGET_WORDS = { take: ['from'], put: ['in', 'into', 'inside'], use: ['on', 'with'] };

function words(text) {
  return String(text)
    .toLowerCase()
    .replace(/[<>[\]"'.,!]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !ARTICLES.has(w));
}

function parse(text) {
  const raw = String(text).trim();
  const parts = words(raw);
  if (!parts.length) return { verb: '', object: '', target: '', raw };
  const [first, ...rest] = parts;
  if (DIRECTIONS[first] && !rest.length) return { verb: 'go', object: DIRECTIONS[first], target: '', raw };
  const verb = VERBS[first];
  if (!verb) return { verb: 'unknown', object: rest.join(' '), target: '', raw };
  if (verb === 'go') {
    const dir = rest.filter((w) => w !== 'to')[0];
    return { verb, object: DIRECTIONS[dir] || dir || '', target: '', raw };
  }
  let object = rest;
  let target = [];
  const splitters = TARGET_WORDS[verb] || [];
  const at = rest.findIndex((w) => splitters.includes(w));
  if (at >= 0) {
    object = rest.slice(0, at);
    target = rest.slice(at + 1);
  }
  return { verb, object: object.join(' '), target: target.join(' '), raw };
}

module.exports = { parse, DIRECTIONS };
