'use strict';
// The fixed world of Cinderpath: rooms, what lies in them, who waits there, and the crafting recipes.

const HP_MAX = 10;
const WARMTH_MAX = 12;
const WARMTH_GAIN_INDOORS = 3;
const WARMTH_LOSS_OUTDOORS = 2;
const WARMTH_LOSS_WITH_LANTERN = 1;
const BREAD_HEALS = 4;

const ROOMS = {
  hut: {
    title: 'Ashen Hut',
    indoors: true,
    text: 'A low hut of soot-black logs. A fire ticks in the hearth and the wind worries at the door.',
    exits: { north: 'trail', east: 'forge', west: 'mill' },
    items: [
      { name: 'flint shard', qty: 2 },
      { name: 'rye bread', qty: 2 },
    ],
  },
  forge: {
    title: 'Cold Forge',
    indoors: true,
    text: 'An anvil crusted with old scale. The bellows hang slack and the coals are long dead.',
    exits: { west: 'hut' },
    items: [
      { name: 'steel striker', qty: 1 },
      { name: 'iron lantern', qty: 1 },
    ],
  },
  mill: {
    title: 'Old Mill',
    indoors: true,
    text: 'Flour dust hangs in the still air. The great stone turns slowly, driven by a stream under the floor.',
    exits: { east: 'hut' },
    items: [],
    npc: 'miller',
  },
  trail: {
    title: 'Switchback Trail',
    indoors: false,
    text: 'The path zigzags up through scorched pines. Ash drifts across the rocks like grey snow.',
    exits: { south: 'hut', north: 'ledge' },
    items: [{ name: 'dry kindling', qty: 3 }],
  },
  ledge: {
    title: 'Wind Ledge',
    indoors: false,
    text: 'A shelf of bare rock over a long drop. The wind here could strip the bark off a tree.',
    exits: { south: 'trail', north: 'summit' },
    items: [],
  },
  summit: {
    title: 'Cinder Summit',
    indoors: false,
    text: 'The top of the mountain. A great iron basket, the "cold beacon", stands packed with old pitch.',
    exits: { south: 'ledge' },
    items: [],
  },
};

const NPCS = {
  miller: {
    name: 'miller',
    title: 'the miller',
    wants: 'rye bread',
    gives: { name: 'pine resin', qty: 1 },
    thanks: 'The miller tears into the bread and presses a lump of *pine resin* into your hand. "For your torch, walker."',
    done: 'The miller waves you off, mouth full. "I have nothing more to trade."',
    about: 'A floury old man with a hungry look. He eyes any bread you carry.',
  },
};

// combine <a> with <b>: both are needed in the pack in the stated quantities; `keep` are not used up.
const RECIPES = [
  {
    parts: { 'flint shard': 1, 'steel striker': 1 },
    keep: ['steel striker'],
    makes: { name: 'live ember', qty: 1 },
    text: 'You strike the flint hard against the steel. A *live ember* drops into your cupped hand.',
  },
  {
    parts: { 'dry kindling': 2, 'pine resin': 1 },
    keep: [],
    makes: { name: 'pitch torch', qty: 1 },
    text: 'You bind two bundles of kindling and smear them with resin: a sturdy *pitch torch*.',
  },
  {
    parts: { 'pitch torch': 1, 'live ember': 1 },
    keep: [],
    makes: { name: 'burning torch', qty: 1 },
    text: 'You press the ember into the resin. The pitch catches: you hold a *burning torch*.',
  },
];

const ITEM_TEXT = {
  'flint shard': 'A sharp grey flake of flint. Strike it against steel for a spark.',
  'rye bread': 'A dense dark loaf, still a little warm. Eating it restores hit points; the miller would like it too.',
  'steel striker': 'A curved bar of hard steel, worn bright where flint has struck it.',
  'iron lantern': 'A stout iron lantern with a glass door. It would hold an ember.',
  'dry kindling': 'A bundle of dry pine twigs, brittle and resinous.',
  'pine resin': 'A sticky amber lump that smells of the forest.',
  'live ember': 'A glowing ember. It will not last long in the open.',
  'pitch torch': 'Kindling bound with resin, ready to be lit.',
  'burning torch': 'A torch burning with a loud orange flame.',
};

module.exports = {
  HP_MAX,
  WARMTH_MAX,
  WARMTH_GAIN_INDOORS,
  WARMTH_LOSS_OUTDOORS,
  WARMTH_LOSS_WITH_LANTERN,
  BREAD_HEALS,
  ROOMS,
  NPCS,
  RECIPES,
  ITEM_TEXT,
};
