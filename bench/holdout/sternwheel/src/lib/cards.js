'use strict';

const SUITS = ['S', 'H', 'D', 'C'];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const DECKS = 2;
const SHOE_SIZE = DECKS * SUITS.length * RANKS.length;

const RANK_NAMES = {
  A: 'ace', 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine',
  10: 'ten', J: 'jack', Q: 'queen', K: 'king',
};
const SUIT_NAMES = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
  'twenty-one', 'twenty-two', 'twenty-three', 'twenty-four', 'twenty-five', 'twenty-six', 'twenty-seven',
  'twenty-eight', 'twenty-nine', 'thirty', 'thirty-one',
];

// The first hands of every night come off the top of the shoe in this order.
const TOP_OF_SHOE = [
  'AS', '6H', '4D', '10S', '3C', '10D',
  'KH', '8S', 'AC', '9D',
  '5C', '6D', '6S', '10H', '9H', '7C',
  '10C', 'AH', '9S', 'KC',
];

function rank(card) {
  return card.slice(0, -1);
}

function suit(card) {
  return card.slice(-1);
}

function value(card) {
  const r = rank(card);
  if (r === 'A') return 1;
  if (r === 'J' || r === 'Q' || r === 'K') return 10;
  return Number(r);
}

function hardTotal(cards) {
  return cards.reduce((sum, card) => sum + value(card), 0);
}

function bestTotal(cards) {
  const hard = hardTotal(cards);
  const hasAce = cards.some((card) => rank(card) === 'A');
  return hasAce && hard + 10 <= 21 ? hard + 10 : hard;
}

function isSoft(cards) {
  return bestTotal(cards) !== hardTotal(cards);
}

function isBlackjack(cards) {
  return cards.length === 2 && bestTotal(cards) === 21;
}

function cardName(card) {
  return `${RANK_NAMES[rank(card)]} of ${SUIT_NAMES[suit(card)]}`;
}

function numberWord(n) {
  return NUMBER_WORDS[n] || String(n);
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A small linear congruential generator: the same seed always gives the same shoe.
function makeRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function shuffle(cards, random) {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function freshShoe(random) {
  const all = [];
  for (let d = 0; d < DECKS; d += 1) {
    for (const s of SUITS) for (const r of RANKS) all.push(r + s);
  }
  for (const card of TOP_OF_SHOE) all.splice(all.indexOf(card), 1);
  return TOP_OF_SHOE.concat(shuffle(all, random));
}

module.exports = {
  SHOE_SIZE, rank, value, hardTotal, bestTotal, isSoft, isBlackjack, cardName, numberWord, capitalize,
  makeRandom, shuffle, freshShoe,
};
