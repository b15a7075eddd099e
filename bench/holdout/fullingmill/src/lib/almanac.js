'use strict';
// Fixed facts of the season: the rules' numbers, the river almanac and the auction ring.

const RULES = Object.freeze({
  SEASON_DAYS: 20,
  HOURS_PER_DAY: 8,
  START_MONEY: 320,
  WAGES: 6,
  KG_PER_BOLT: 4,
  LOOM_MAX_KG: 24,
  LOFT_MAX_LOTS: 8,
  AUCTION_SIZE: 3,
  EVENTS_SHOWN: 20,
});

const TASK_HOURS = Object.freeze({ scour: 2, card: 2, spin: 3, weave: 4 });
const FULLING_HOURS = Object.freeze({ low: null, fair: 3, spate: 2 });

const MERCHANTS = Object.freeze({
  hale: Object.freeze({ name: 'Hale', price: 24, contract_bolts: 12 }),
  orme: Object.freeze({ name: 'Orme', price: 15, contract_bolts: 0 }),
});

// One entry a day, day 1 first.
const RIVER = Object.freeze([
  'fair', 'low', 'low', 'fair', 'spate',
  'fair', 'low', 'fair', 'fair', 'spate',
  'spate', 'fair', 'low', 'low', 'fair',
  'fair', 'spate', 'low', 'fair', 'fair',
]);

function riverOn(day) {
  const i = Math.min(Math.max(day, 1), RIVER.length) - 1;
  return RIVER[i];
}

const SEED = 0x5eed1a;

function hash(n) {
  let t = (n + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

function hex4(n) {
  return (n & 0xffff).toString(16).padStart(4, '0');
}

// A fresh four-digit code not yet seen this season.
function freshCode(salt, used) {
  let k = 0;
  for (;;) {
    const code = hex4(hash(SEED ^ Math.imul(salt + k, 2654435761)));
    if (!used.has(code)) return code;
    k += 1;
  }
}

function auctionFor(day, used) {
  const lots = [];
  for (let i = 0; i < RULES.AUCTION_SIZE; i += 1) {
    const h = hash(SEED + day * 101 + i * 7);
    const code = freshCode(day * 16 + i, used);
    used.add(code);
    const weight = 8 + ((h >>> 16) % 9);
    const rate = 3 + ((h >>> 27) & 1);
    lots.push({ code, weight_kg: weight, price: weight * rate });
  }
  return lots;
}

module.exports = { RULES, TASK_HOURS, FULLING_HOURS, MERCHANTS, RIVER, riverOn, freshCode, auctionFor };
