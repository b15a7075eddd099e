'use strict';
// The fixed layout of Gloomwell: rooms on a 3x3 grid, doors, foes, the market and the loose loot.

const DIRS = {
  north: { dx: 0, dy: 1, back: 'south' },
  south: { dx: 0, dy: -1, back: 'north' },
  east: { dx: 1, dy: 0, back: 'west' },
  west: { dx: -1, dy: 0, back: 'east' },
};

const DIR_ALIASES = { n: 'north', s: 'south', e: 'east', w: 'west', north: 'north', south: 'south', east: 'east', west: 'west' };

const ROOMS = {
  well: {
    title: 'Well Mouth', x: 0, y: 0,
    blurb: 'A frayed rope hangs down the shaft from a coin of daylight far above.',
    exits: { north: 'cellar', east: 'market' },
  },
  market: {
    title: "Mott's Market", x: 1, y: 0,
    blurb: 'Old Mott squats behind a plank counter, counting coins by the light of one candle.',
    exits: { west: 'well', east: 'ratrun', north: 'crossway' },
  },
  ratrun: {
    title: 'Rat Run', x: 2, y: 0,
    blurb: 'A low tunnel littered with gnawed bones.',
    exits: { west: 'market' },
  },
  cellar: {
    title: 'Flooded Cellar', x: 0, y: 1,
    blurb: 'Black water laps at your ankles.',
    exits: { south: 'well', east: 'crossway' },
  },
  crossway: {
    title: 'Crossway', x: 1, y: 1,
    blurb: 'Four passages meet under a cracked dome.',
    exits: { south: 'market', west: 'cellar', east: 'den', north: 'shrine' },
  },
  den: {
    title: 'Goblin Den', x: 2, y: 1,
    blurb: 'Straw bedding and the stink of old stew.',
    exits: { west: 'crossway' },
  },
  armory: {
    title: 'Old Armory', x: 0, y: 2,
    blurb: 'Empty weapon racks line the walls; someone left in a hurry.',
    exits: { east: 'shrine' },
  },
  shrine: {
    title: 'Drowned Shrine', x: 1, y: 2,
    blurb: 'A cracked idol weeps green water into a basin.',
    exits: { south: 'crossway', west: 'armory', east: 'vault' },
  },
  vault: {
    title: 'Sun Vault', x: 2, y: 2,
    blurb: 'Gold leaf peels from the ceiling in long curls.',
    exits: { west: 'shrine' },
  },
};

const DOORS = {
  brass_door: { key: 'brass_key', between: ['crossway', 'shrine'] },
  iron_door: { key: 'iron_key', between: ['shrine', 'vault'] },
};

const FOES = {
  ratrun: { id: 'rat', hp: 8, atk: 2, loot: 4 },
  den: { id: 'goblin', hp: 12, atk: 3, loot: 8 },
  vault: { id: 'warden', hp: 16, atk: 4, loot: 0 },
};

const LOOT = {
  cellar: [{ id: 'sword', qty: 1 }, { id: 'gold', qty: 5 }],
  ratrun: [{ id: 'brass_key', qty: 1 }],
  den: [{ id: 'potion', qty: 1 }],
  armory: [{ id: 'gold', qty: 12 }, { id: 'potion', qty: 1 }],
  shrine: [{ id: 'iron_key', qty: 1 }],
  vault: [{ id: 'sunstone', qty: 1 }],
};

// What Old Mott sells, and what he pays for (half the price, rounded down).
const PRICES = { potion: 6, shield: 10, sword: 8 };
const STOCK = [{ id: 'potion', price: 6, qty: 2 }, { id: 'shield', price: 10, qty: 1 }];

const ITEM_WORDS = {
  sword: 'sword', blade: 'sword',
  shield: 'shield',
  potion: 'potion', potions: 'potion', flask: 'potion',
  'brass key': 'brass_key', 'iron key': 'iron_key', key: 'key',
  sunstone: 'sunstone', 'sun stone': 'sunstone', stone: 'sunstone',
  gold: 'gold', coins: 'gold', coin: 'gold',
};

module.exports = { DIRS, DIR_ALIASES, ROOMS, DOORS, FOES, LOOT, PRICES, STOCK, ITEM_WORDS };
