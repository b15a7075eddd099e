'use strict';

// Glyphs: # wall, . floor, + doorway, < up staircase, > down staircase, H a hidden door (drawn as wall
// until found). Items and monsters are placed by coordinate ("x,y") and stand on floor.
module.exports = [
  {
    rows: [
      '###########',
      '#<..#.....#',
      '#.$.+..k..#',
      '#...#..)..#',
      '#!.$#.....#',
      '#####..>..#',
      '###########',
    ],
    gold: { '2,2': 12, '3,4': 5 },
    items: { '1,4': 'potion of healing', '7,3': 'long sword' },
    monsters: { '7,2': 'kobold' },
  },
  {
    rows: [
      '#############',
      '#<....#.....#',
      '#..$..H..o..#',
      '#....d#.....#',
      '#[...%#..$..#',
      '#######..>..#',
      '#############',
    ],
    gold: { '3,2': 20, '9,4': 7 },
    items: { '1,4': 'leather armour', '5,4': 'food ration' },
    monsters: { '5,3': 'jackal', '9,2': 'goblin' },
  },
  {
    rows: [
      '###########',
      '#<....#...#',
      '#.....+.W.#',
      '#..!..#.".#',
      '#.....#...#',
      '###########',
    ],
    gold: {},
    items: { '3,3': 'potion of healing', '8,3': 'Barrow Amulet' },
    monsters: { '8,2': 'barrow wight' },
  },
];
