'use strict';

const RANKS = 'A23456789TJQK';
const SUITS = 'hdcs';
const PILES = 6;
const DEPTH = 4;
const START_PURSE = 10;
const TARGET = 100;
const TURN_FEE = 5;
const RUN_MIN = 3;
const RUN_BONUS = 3;
const CLEAR_BONUS = 10;
const SEED = 1826;

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffledDeck(seed) {
  const cards = [];
  for (const s of SUITS) for (const r of RANKS) cards.push(r + s);
  const rand = mulberry32(seed);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

const rankOf = (card) => RANKS.indexOf(card[0]) + 1;
const isRed = (card) => card[1] === 'h' || card[1] === 'd';
const top = (pile) => pile[pile.length - 1];

function price(card) {
  return Math.min(rankOf(card), 12);
}

function fits(card, onto) {
  return rankOf(onto) === rankOf(card) + 1 && isRed(onto) !== isRed(card);
}

function isRun(cards) {
  for (let i = 1; i < cards.length; i++) if (!fits(cards[i], cards[i - 1])) return false;
  return true;
}

function newGame() {
  const cards = shuffledDeck(SEED);
  const piles = Array.from({ length: PILES }, () => []);
  for (let round = 0; round < DEPTH; round++) for (const pile of piles) pile.push(cards.shift());
  return {
    piles,
    stall: [],
    deck: cards,
    purse: START_PURSE,
    earned: 0,
    score: 0,
    moves: 0,
    sold: 0,
    turns: 0,
    won: false,
  };
}

function view(g) {
  return {
    piles: g.piles.map((p) => p.slice()),
    stall: g.stall.slice(),
    purse: g.purse,
    deck_left: g.deck.length,
    moves: g.moves,
    score: g.score,
    sold: g.sold,
    target: TARGET,
    status: { won: g.won, over: g.won },
  };
}

function board(g) {
  const tops = g.piles.map((p, i) => `${i + 1}:${p.length ? top(p) : '--'}(${p.length})`).join(' ');
  const stall = g.stall.length ? top(g.stall) : '--';
  return `${tops} | s:${stall} | deck ${g.deck.length} | purse ${g.purse}`;
}

const HELP = [
  'cmd   args      — meaning',
  'mv    A B       — move top card of pile A (1-6 or s=stall) onto pile B',
  'sell  N P       — sell the top N cards of pile P',
  'draw            — deal one card from the deck onto the stall',
  'peek  P         — list pile P, bottom to top',
  'look            — pile tops, stall, deck, purse',
  'stats           — purse, deck, stall, sold, moves',
  '?               — this table',
].join('\n');

const ok = (message) => ({ success: true, message });
const no = (message) => ({ success: false, message });

function pileArg(g, text) {
  if (!/^\d+$/.test(text || '')) return null;
  const n = Number(text);
  return n >= 1 && n <= g.piles.length ? n - 1 : null;
}

function checkWin(g) {
  if (g.purse >= TARGET || g.piles.every((p) => p.length === 0)) g.won = true;
}

function winLine(g) {
  return g.won ? ` ** TALLY! won — purse ${g.purse}, score ${g.score}` : '';
}

function cmdMove(g, [a, b]) {
  if (a === undefined || b === undefined) return no('mv: need A B');
  const from = a === 's' ? 's' : pileArg(g, a);
  const to = pileArg(g, b);
  if (from === null) return no(`mv: no pile ${a}`);
  if (to === null) return no(`mv: no pile ${b}`);
  if (from === to) return no('mv: same pile');
  const src = from === 's' ? g.stall : g.piles[from];
  const dst = g.piles[to];
  if (!src.length) return no(`mv: pile ${a} empty`);
  const card = top(src);
  if (dst.length === 0) {
    dst.push(card);
  } else {
    if (!fits(card, top(dst))) return no(`mv: ${card} won't go on ${top(dst)}`);
    dst.push(src.pop());
  }
  g.moves += 1;
  const line = `mv ${a}>${b}: ${card}`;
  checkWin(g);
  return ok(line + winLine(g));
}

function cmdSell(g, [n, p]) {
  if (n === undefined || p === undefined) return no('sell: need N P');
  if (!/^\d+$/.test(n) || Number(n) < 1) return no(`sell: bad count ${n}`);
  const count = Number(n);
  const at = pileArg(g, p);
  if (at === null) return no(`sell: no pile ${p}`);
  const pile = g.piles[at];
  if (count > pile.length) return no(`sell: pile ${p} has ${pile.length}`);
  const cards = pile.slice(pile.length - count);
  if (!isRun(cards)) return no(`sell: ${cards.join(' ')} is no run`);
  let coins = cards.reduce((sum, c) => sum + price(c), 0);
  if (count === 1) coins = Math.max(1, Math.floor(coins / 2));
  if (count >= RUN_MIN) coins += RUN_BONUS * count;
  pile.splice(pile.length - count, count);
  g.purse += coins;
  g.earned += coins;
  g.score += coins;
  g.sold += count;
  if (pile.length === 0) g.score += CLEAR_BONUS;
  checkWin(g);
  return ok(`sold ${cards.join(' ')} +${coins} | purse ${g.purse}${winLine(g)}`);
}

function cmdDraw(g) {
  if (g.deck.length === 0) {
    if (!g.stall.length) return no('draw: deck and stall empty');
    if (g.purse < TURN_FEE) return no(`draw: turning the stall costs ${TURN_FEE}, purse ${g.purse}`);
    g.purse -= TURN_FEE;
    g.turns += 1;
    for (let i = 1; i < g.stall.length; i++) g.deck.push(g.stall[i]);
    g.stall = [];
    return ok(`stall turned -${TURN_FEE} | deck ${g.deck.length} | purse ${g.purse}`);
  }
  const left = g.deck.length;
  const card = g.deck.shift();
  g.stall.push(card);
  return ok(`draw ${card} | deck ${left}`);
}

function cmdPeek(g, [p]) {
  const pile = g.piles[Number(p) - 1];
  return ok(`${p}(${pile.length}): ${pile.join(' ') || '--'}`);
}

function cmdStats(g) {
  return ok(`purse ${g.purse} | deck ${g.deck.length} | stall ${g.stall.length} | sold ${g.sold} | moves ${g.moves}`);
}

const COMMANDS = {
  mv: cmdMove,
  sell: cmdSell,
  draw: cmdDraw,
  peek: cmdPeek,
  look: (g) => ok(board(g)),
  stats: cmdStats,
  '?': () => ok(HELP),
  help: () => ok(HELP),
};

function play(g, text) {
  const [verb, ...args] = String(text).trim().toLowerCase().split(/\s+/);
  const handler = COMMANDS[verb];
  if (!handler) return no(`?? ${verb || ''} — type ? for commands`);
  if (g.won && verb !== '?' && verb !== 'help' && verb !== 'look' && verb !== 'stats' && verb !== 'peek') {
    return no('hall closed — game won');
  }
  return handler(g, args);
}

module.exports = { newGame, play, view, board, HELP, TARGET, shuffledDeck, SEED };
