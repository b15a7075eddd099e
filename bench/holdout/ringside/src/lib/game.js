'use strict';

const { CARDS, STARTING_DECK, MARKET_STACK, FOE_PATTERN } = require('./cards');

const HAND_SIZE = 5;
const ENERGY_PER_TURN = 3;
const PLAYER_MAX_HEALTH = 20;
const FOE_NAME = 'Bruiser Bram';
const FOE_MAX_HEALTH = 18;
const MARKET_SLOTS = 3;
const SEED = 20240655;

const HELP = 'You can: play, buy, end, hand, market, pile, help.';

function lcg(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

function shuffled(cards, rand) {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function describeMove(move) {
  return move.kind === 'strike' ? `strike for ${move.amount}` : `brace for ${move.amount} block`;
}

function newGame() {
  const rand = lcg(SEED);
  const g = {
    turn: 1,
    player: { health: PLAYER_MAX_HEALTH, block: 0, energy: ENERGY_PER_TURN },
    deck: shuffled(STARTING_DECK, rand),
    hand: [],
    discard: [],
    owned: STARTING_DECK.length,
    pending: null,
    marketStack: MARKET_STACK.slice(MARKET_SLOTS),
    marketRow: MARKET_STACK.slice(0, MARKET_SLOTS),
    foe: { health: FOE_MAX_HEALTH, block: 0, step: 0, intent: FOE_PATTERN[0] },
    won: false,
    lost: false,
  };
  drawCards(g, HAND_SIZE);
  const intro =
    `Welcome to the ring! You face ${FOE_NAME} (${FOE_MAX_HEALTH} health) with ${PLAYER_MAX_HEALTH} health ` +
    `and ${ENERGY_PER_TURN} energy a turn! Bram opens with a ${describeMove(g.foe.intent)}! ` +
    `You draw ${g.hand.join(', ')}! ${HELP}`;
  return { game: g, message: intro };
}

function refillDeck(g) {
  const pile = g.discard;
  g.discard = [];
  for (let i = pile.length - 1; i > 0; i--) {
    g.deck.push(pile[i]);
  }
}

function drawCards(g, count) {
  const drawn = [];
  for (let n = 0; n < count; n++) {
    if (g.deck.length === 0) refillDeck(g);
    if (g.deck.length === 0) break;
    const card = g.deck.shift();
    g.hand.push(card);
    drawn.push(card);
  }
  return drawn;
}

function state(g) {
  return {
    turn: String(g.turn),
    playerHealth: String(g.player.health),
    playerMaxHealth: String(PLAYER_MAX_HEALTH),
    playerBlock: String(g.player.block),
    energy: String(g.player.energy),
    energyPerTurn: String(ENERGY_PER_TURN),
    hand: g.hand.map((card, i) => ({ slot: String(i + 1), card, cost: String(CARDS[card].cost) })),
    pendingCard: g.pending ? g.pending.card : '',
    deckCount: String(g.deck.length),
    discardCount: String(g.discard.length),
    discardPile: g.discard.slice(),
    cardsOwned: String(g.owned),
    marketRow: g.marketRow.map((card, i) => ({ slot: String(i + 1), card, price: String(CARDS[card].price) })),
    marketStackCount: String(g.marketStack.length),
    foeName: FOE_NAME,
    foeHealth: String(g.foe.health),
    foeMaxHealth: String(FOE_MAX_HEALTH),
    foeBlock: String(g.foe.block),
    foeIntent: describeMove(g.foe.intent),
    playerWon: g.won,
    playerLost: g.lost,
  };
}

function reply(g, message, success = true) {
  return { message, success, state: state(g), game_over: g.won || g.lost, turn: g.turn };
}

// A hand position ("2") or a card name ("ember bolt", "ember"): the index in `cards`, or -1.
function pick(cards, words) {
  if (!words) return -1;
  if (/^\d+$/.test(words)) {
    const n = Number(words);
    return n >= 1 && n <= cards.length ? n - 1 : -1;
  }
  const exact = cards.findIndex((c) => c.toLowerCase() === words);
  if (exact >= 0) return exact;
  return cards.findIndex((c) => c.toLowerCase().startsWith(words));
}

function hitFoe(g, amount) {
  const soaked = Math.min(g.foe.block, amount);
  g.foe.block -= soaked;
  const dealt = amount - soaked;
  g.foe.health = Math.max(0, g.foe.health - dealt);
  let text = soaked > 0 ? ` Bram's guard soaks ${soaked}!` : '';
  if (g.foe.health === 0) {
    g.won = true;
    text += ` DOWN GOES BRAM! You win the duel!`;
  }
  return { dealt, text };
}

function resolve(g, name, target) {
  const card = CARDS[name];
  g.player.energy -= card.cost;
  g.discard.push(name);
  if (card.damage !== undefined && target === 'you') {
    g.player.health = Math.max(0, g.player.health - card.damage);
    let text = `Oh no! ${name} backfires on you for ${card.damage}!`;
    if (g.player.health === 0) {
      g.lost = true;
      text += ' You are out cold! Bram takes the duel!';
    }
    return text;
  }
  if (card.damage !== undefined) {
    const { dealt, text } = hitFoe(g, card.damage);
    const verb = name === 'Ember Bolt' ? 'scorches' : name === 'Haymaker' ? 'rocks' : 'tags';
    return `What a play! ${name} ${verb} the foe for ${dealt}!${text}`;
  }
  if (card.heal !== undefined) {
    if (target === 'foe') {
      const before = g.foe.health;
      g.foe.health = Math.min(FOE_MAX_HEALTH, g.foe.health + card.heal);
      return `Unbelievable! ${name} patches up Bram for ${g.foe.health - before}!`;
    }
    const before = g.player.health;
    g.player.health = Math.min(PLAYER_MAX_HEALTH, g.player.health + card.heal);
    return `Back in it! ${name} patches you up for ${g.player.health - before}!`;
  }
  if (card.block !== undefined) {
    g.player.block += card.block;
    return `Solid defence! ${name} raises your block by ${card.block}!`;
  }
  if (card.energy !== undefined) {
    g.player.energy += card.energy;
    return `Electric! ${name} charges you up by ${card.energy} energy!`;
  }
  const drawn = drawCards(g, card.draw);
  if (drawn.length === 0) return `${name}... and the deck is bare! Nothing to draw!`;
  return `Fast hands! ${name} pulls ${drawn.join(' and ')}!`;
}

function play(g, words) {
  const i = pick(g.hand, words);
  if (i < 0) {
    return reply(g, words ? `No such card in your hand: "${words}"!` : 'Play what? Name a card or a hand slot!', false);
  }
  const name = g.hand[i];
  const card = CARDS[name];
  if (card.cost > g.player.energy) {
    return reply(g, `Not enough gas! ${name} costs ${card.cost} and you have ${g.player.energy} energy!`, false);
  }
  g.hand.splice(i, 1);
  if (card.needsTarget) {
    g.pending = { card: name, slot: i };
    return reply(g, `${name} is up! Target? (you/foe)`);
  }
  return reply(g, resolve(g, name, 'foe'));
}

function answerTarget(g, words) {
  const { card } = g.pending;
  if (words === 'cancel') {
    g.pending = null;
    return reply(g, `Play called back! The crowd groans!`);
  }
  const who = ['you', 'me', 'self', 'myself'].includes(words)
    ? 'you'
    : ['foe', 'bram', 'enemy', 'them'].includes(words)
      ? 'foe'
      : null;
  if (!who) {
    return reply(g, `${card} is waiting! Target? (you/foe), or cancel.`, false);
  }
  g.pending = null;
  return reply(g, resolve(g, card, who));
}

function buy(g, words) {
  const i = pick(g.marketRow, words);
  if (i < 0) {
    return reply(g, words ? `The market has no "${words}"!` : 'Buy what? Name a card or a market slot!', false);
  }
  const name = g.marketRow[i];
  const price = CARDS[name].price;
  if (price > g.player.energy) {
    return reply(g, `Can't afford it! ${name} costs ${price} energy and you have ${g.player.energy}!`, false);
  }
  g.player.energy -= price;
  g.discard.push(name);
  g.owned += 1;
  if (g.marketStack.length > 0) {
    g.marketRow[i] = g.marketStack.shift();
  } else {
    g.marketRow.splice(i, 1);
  }
  return reply(g, `Big signing! ${name} joins your discard pile for ${price} energy!`);
}

function foeTurn(g) {
  const move = FOE_PATTERN[g.foe.step % FOE_PATTERN.length];
  g.foe.block = 0;
  g.foe.intent = FOE_PATTERN[g.foe.step % FOE_PATTERN.length];
  g.foe.step += 1;
  if (move.kind === 'brace') {
    g.foe.block = move.amount;
    return `Bram covers up! He braces for ${move.amount} block!`;
  }
  const line = `Bram swings for ${move.amount}! You're down to ${g.player.health - move.amount}!`;
  const soaked = Math.min(g.player.block, move.amount);
  g.player.health = Math.max(0, g.player.health - (move.amount - soaked));
  if (g.player.health === 0) {
    g.lost = true;
    return `${line} You are out cold! Bram takes the duel!`;
  }
  return line;
}

function endTurn(g) {
  g.discard.push(...g.hand);
  g.hand = [];
  const foeLine = foeTurn(g);
  if (g.lost) return reply(g, `The bell! ${foeLine}`);
  g.turn += 1;
  g.player.block = 0;
  g.player.energy = ENERGY_PER_TURN;
  const drawn = drawCards(g, HAND_SIZE);
  return reply(g, `The bell! ${foeLine} Round ${g.turn}: you draw ${drawn.join(', ')}!`);
}

function showHand(g) {
  const cards = g.hand.map((c, i) => `${i + 1}) ${c} [${CARDS[c].cost}]`).join(', ');
  return reply(g, `In your hand: ${cards || 'nothing'}! Energy: ${g.player.energy}!`);
}

function showMarket(g) {
  const cards = g.marketRow.map((c, i) => `${i + 1}) ${c} for ${CARDS[c].price}`).join(', ');
  return reply(g, `On the market: ${cards || 'nothing left'}! ${g.marketStack.length} more waiting!`);
}

function showPile(g) {
  const top = g.discard[g.discard.length - 1];
  return reply(
    g,
    `Deck check! ${g.deck.length} in the deck, ${g.discard.length} in the discard, ` +
      `${top} (cost ${CARDS[top].cost}) on top!`,
  );
}

function command(g, text) {
  const words = String(text).trim().toLowerCase().replace(/\s+/g, ' ');
  if (g.won || g.lost) return reply(g, 'The duel is over! Start a new one!', false);
  if (g.pending) {
    if (words === 'help') return reply(g, HELP);
    return answerTarget(g, words);
  }
  const [verb, ...rest] = words.split(' ');
  const arg = rest.join(' ');
  switch (verb) {
    case 'help':
      return reply(g, HELP);
    case 'play':
      return play(g, arg);
    case 'buy':
      return buy(g, arg);
    case 'end':
      return endTurn(g);
    case 'hand':
      return showHand(g);
    case 'market':
      return showMarket(g);
    case 'look':
      if (arg === 'market') return showMarket(g);
      if (arg === 'hand') return showHand(g);
      if (arg === 'pile') return showPile(g);
      return reply(g, 'Look at what? The hand, the market or the pile!', false);
    case 'pile':
      return showPile(g);
    default:
      return reply(g, `The ref shakes his head! "${words}" is not a move! ${HELP}`, false);
  }
}

module.exports = { newGame, command, state, HELP };
