'use strict';

// The fixed layout of Kestrel Deep: modules, doors, containers and the items found in them.

const START_MODULE = 'dock';
const START_OXYGEN = 60;
const MAX_OXYGEN = 100;
const MOVE_COST = 2;
const VENTED_MOVE_COST = 5;
const CANISTER_OXYGEN = 20;
const LOW_OXYGEN = 20;
const RESTART_CODE = '7316';

const MODULES = {
  dock: {
    title: 'DOCKING RING',
    text: 'A CURVED CORRIDOR LINED WITH EMPTY DOCKING CLAMPS. YOUR SHUTTLE IS GONE. EMERGENCY STRIPS GLOW AMBER.',
    exits: { north: 'hub', west: 'storage', south: 'airlock' },
  },
  storage: {
    title: 'STORAGE BAY',
    text: 'RACKS OF CRUSHED CRATES AND LOOSE STRAPS DRIFT IN THE LOW GRAVITY.',
    exits: { east: 'dock' },
    containers: ['locker'],
  },
  hub: {
    title: 'CENTRAL HUB',
    text: 'A ROUND JUNCTION WHERE FIVE CORRIDORS MEET. A LADDER RISES TO A HATCH OVERHEAD.',
    exits: { south: 'dock', west: 'quarters', east: 'medbay', north: 'observatory', up: 'podbay' },
  },
  quarters: {
    title: 'CREW QUARTERS',
    text: 'SIX BUNKS, BLANKETS STILL CLIPPED DOWN. NOBODY SLEPT HERE IN A LONG TIME.',
    exits: { east: 'hub' },
    containers: ['footlocker'],
  },
  medbay: {
    title: 'MED BAY',
    text: 'A STERILE ROOM WITH ONE SURGICAL COT. THE AUTODOC IS DARK.',
    exits: { west: 'hub' },
    containers: ['cabinet'],
  },
  observatory: {
    title: 'OBSERVATORY',
    text: 'A DOME OF THICK GLASS OPEN TO THE STARS. A TERMINAL STILL BLINKS ON ITS DESK.',
    exits: { south: 'hub' },
    fixtures: ['terminal'],
  },
  airlock: {
    title: 'AIRLOCK',
    text: 'A NARROW CHAMBER BETWEEN TWO PRESSURE DOORS. FROST COATS THE SOUTH SEAL.',
    exits: { north: 'dock', south: 'reactor' },
  },
  reactor: {
    title: 'REACTOR CORE',
    text: 'THE CORE CHAMBER IS VENTED TO VACUUM. YOUR SUIT HISSES AS IT FEEDS YOU AIR. A POWER PANEL HANGS OPEN.',
    exits: { north: 'airlock' },
    vented: true,
    fixtures: ['panel'],
  },
  podbay: {
    title: 'ESCAPE POD BAY',
    text: 'ONE ESCAPE POD SITS IN ITS CRADLE, HATCH OPEN, LAUNCH LIGHTS GREEN.',
    exits: { down: 'hub' },
    fixtures: ['pod'],
  },
};

const DOORS = {
  medhatch: { title: 'MED BAY HATCH', between: ['hub', 'medbay'], level: 1 },
  seal: { title: 'REACTOR SEAL', between: ['airlock', 'reactor'], level: 2 },
  podhatch: { title: 'POD BAY HATCH', between: ['hub', 'podbay'], needsPower: true },
};

const ITEMS = {
  o2_canister: {
    name: 'o2 canister',
    aliases: ['o2 canister', 'oxygen canister', 'o2 can', 'canister', 'o2', 'oxygen'],
    text: 'A PALM-SIZED CANISTER OF COMPRESSED OXYGEN. USE IT TO TOP UP YOUR SUIT BY 25%.',
  },
  fuse: {
    name: 'fuse',
    aliases: ['fuse', 'power fuse', 'main fuse'],
    text: 'A HEAVY CERAMIC FUSE RATED FOR THE REACTOR POWER PANEL.',
  },
  keycard_l1: {
    name: 'keycard l1',
    aliases: ['keycard l1', 'l1 keycard', 'keycard 1', 'card l1', 'level 1 keycard', 'l1 card', 'l1'],
    text: 'A BLUE KEYCARD. ACCESS LEVEL 1.',
  },
  keycard_l2: {
    name: 'keycard l2',
    aliases: ['keycard l2', 'l2 keycard', 'keycard 2', 'card l2', 'level 2 keycard', 'l2 card', 'l2'],
    text: 'A RED KEYCARD. ACCESS LEVEL 2.',
  },
};

const KEYCARDS = { keycard_l1: 1, keycard_l2: 2 };

const CONTAINERS = {
  locker: {
    name: 'supply locker',
    aliases: ['supply locker', 'locker'],
    contents: { o2_canister: 2, fuse: 1 },
  },
  footlocker: {
    name: 'footlocker',
    aliases: ['footlocker', 'foot locker', 'trunk'],
    contents: { keycard_l1: 1 },
  },
  cabinet: {
    name: 'med cabinet',
    aliases: ['med cabinet', 'medical cabinet', 'cabinet'],
    contents: { o2_canister: 1, keycard_l2: 1 },
  },
};

const FIXTURES = {
  terminal: { name: 'terminal', aliases: ['terminal', 'console', 'screen'] },
  panel: { name: 'power panel', aliases: ['power panel', 'panel', 'reactor panel'] },
  pod: { name: 'escape pod', aliases: ['escape pod', 'pod'] },
};

const TERMINAL_LOG = [
  'STATION LOG // KESTREL DEEP // FINAL ENTRY',
  'MAIN FUSE BLOWN DURING THE CASCADE. SPARE IS IN THE STORAGE BAY SUPPLY LOCKER.',
  'REACTOR SEAL NEEDS A LEVEL 2 CARD. THE CHIEF KEPT HERS IN THE MED CABINET.',
  `REACTOR RESTART CODE: ${RESTART_CODE}. SEAT THE FUSE FIRST.`,
  'THE POD BAY HATCH WILL NOT OPEN UNTIL MAIN POWER IS BACK. GOOD LUCK.',
];

module.exports = {
  START_MODULE,
  START_OXYGEN,
  MAX_OXYGEN,
  MOVE_COST,
  VENTED_MOVE_COST,
  CANISTER_OXYGEN,
  LOW_OXYGEN,
  RESTART_CODE,
  MODULES,
  DOORS,
  ITEMS,
  KEYCARDS,
  CONTAINERS,
  FIXTURES,
  TERMINAL_LOG,
};
