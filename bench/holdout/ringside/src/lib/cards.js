'use strict';

// Every card of the duel. `needsTarget` cards ask "Target? (you/foe)" before they resolve.
const CARDS = {
  Jab: { cost: 0, price: 0, damage: 1 },
  Guard: { cost: 1, price: 0, block: 2 },
  Spark: { cost: 0, price: 0, energy: 1 },
  'Ember Bolt': { cost: 1, price: 3, damage: 2, needsTarget: true },
  'Mend Tonic': { cost: 1, price: 2, heal: 3, needsTarget: true },
  'Iron Wall': { cost: 1, price: 2, block: 5 },
  'Quick Draw': { cost: 1, price: 2, draw: 2 },
  Haymaker: { cost: 2, price: 3, damage: 5 },
};

const STARTING_DECK = [
  'Jab', 'Jab', 'Jab', 'Jab', 'Jab',
  'Guard', 'Guard', 'Guard', 'Guard',
  'Spark', 'Spark',
  'Ember Bolt',
];

const MARKET_STACK = [
  'Haymaker', 'Mend Tonic', 'Iron Wall', 'Quick Draw',
  'Ember Bolt', 'Haymaker', 'Iron Wall', 'Mend Tonic',
];

// Bram's moves, in order, repeating.
const FOE_PATTERN = [
  { kind: 'strike', amount: 3 },
  { kind: 'strike', amount: 2 },
  { kind: 'brace', amount: 3 },
  { kind: 'strike', amount: 4 },
];

module.exports = { CARDS, STARTING_DECK, MARKET_STACK, FOE_PATTERN };
