'use strict';

const {
  SHOE_SIZE, rank, value, hardTotal, bestTotal, isBlackjack, cardName, numberWord, capitalize, makeRandom,
  shuffle, freshShoe,
} = require('./cards');

const START_CHIPS = 200;
const GOAL = 400;
const TABLE_MIN = 10;
const TABLE_MAX = 100;
const HANDS_PER_NIGHT = 10;
const RESHUFFLE_BELOW = 20;
const DEALER_STANDS_ON = 17;
const SHOE_SEED = 1851;

const HOUSE_RULES = [
  'You start the night with 200 chips. Reach 400 chips and say "cash out" to win the night.',
  'Say "bet 25" to buy into a hand: any whole number of chips from 10 to 100, never more than you hold. '
    + 'Every bet uses one of the 10 hands of the night.',
  'Say "hit" to take another card.',
  'Say "stand" to keep your cards. The dealer then turns the hole card, draws to 17 and stands on all 17s.',
  'Say "double" on your first two cards to double your bet, take exactly one more card and stand.',
  'Say "insurance" when the dealer shows an ace, before you hit, stand or double. It costs half your bet '
    + '(rounded down) and pays 2 to 1 if the dealer holds blackjack.',
  'A win pays 1 to 1, a blackjack pays 3 to 2 (rounded down), a tie is a push and your bet comes back.',
  'Say "tip 5" to give the dealer chips. Tips are never returned.',
  'Say "look" to hear where things stand, and "help" to hear these rules again.',
  'Say "cash out" between hands to leave the table. After the tenth hand the table closes and cashing out '
    + 'is all that is left.',
];

function helpText() {
  const lines = HOUSE_RULES.map((rule, i) => `${i + 1}. ${rule}`);
  return ['House rules of the Sternwheel table:', ...lines].join('\n');
}

function cardList(cards) {
  const names = cards.map(cardName);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function parseAmount(word) {
  if (word === undefined || !/^\d{1,6}$/.test(word)) return null;
  return Number(word);
}

class Table {
  constructor() {
    this.random = makeRandom(SHOE_SEED);
    this.shoe = freshShoe(this.random);
    this.discards = [];
    this.chips = START_CHIPS;
    this.bet = 0;
    this.insurance = 0;
    this.tips = 0;
    this.hand = [];
    this.dealer = [];
    this.phase = 'Betting';
    this.handsLeft = HANDS_PER_NIGHT;
    this.handsPlayed = 0;
    this.acted = false;
    this.peeked = false;
    this.lastOutcome = null;
    this.lastPayout = 0;
    this.cashedOut = false;
    this.won = false;
    this.turn = 0;
  }

  state() {
    const playing = this.phase === 'Playing';
    return {
      Chips: this.chips,
      Bet: this.bet,
      Insurance: this.insurance,
      Tips: this.tips,
      Hand: this.hand.slice(),
      HandTotal: this.hand.length ? bestTotal(this.hand) : 0,
      DealerShows: this.dealer.length ? this.dealer[0] : null,
      DealerHand: this.dealer.slice(),
      DealerTotal: playing || !this.dealer.length ? null : bestTotal(this.dealer),
      Phase: this.phase,
      HandsLeft: this.handsLeft,
      HandsPlayed: this.handsPlayed,
      ShoeLeft: this.shoe.length,
      Discards: this.discards.length,
      TableMin: TABLE_MIN,
      TableMax: TABLE_MAX,
      Goal: GOAL,
      LastOutcome: this.lastOutcome,
      LastPayout: this.lastPayout,
      CashedOut: this.cashedOut,
      Won: this.won,
    };
  }

  intro() {
    return 'The riverboat Sternwheel pulls away from the landing. At the blackjack table the dealer squares a '
      + `two-deck shoe and smiles: "Evening. You've got ${START_CHIPS} chips and ${HANDS_PER_NIGHT} hands `
      + `tonight. Table's ${TABLE_MIN} to ${TABLE_MAX}. Say "help" for the house rules."`;
  }

  command(text) {
    this.turn += 1;
    const words = String(text).trim().toLowerCase().split(/\s+/).filter(Boolean);
    const verb = words[0] || '';
    const arg = words[1];
    if (verb === 'help' || verb === 'rules') return this.ok(helpText());
    if (verb === 'look' || verb === 'status') return this.ok(this.describe());
    if (this.phase === 'Closed') {
      return this.refuse('The table is empty and the lamps are out. "We\'re closed, friend. Good night."');
    }
    if (verb === 'bet') return this.placeBet(arg);
    if (verb === 'hit') return this.hit();
    if (verb === 'stand') return this.stand();
    if (verb === 'double') return this.double();
    if (verb === 'insurance') return this.takeInsurance();
    if (verb === 'tip') return this.tip(arg);
    if (verb === 'cash' && (arg === 'out' || arg === undefined)) return this.cashOut();
    if (verb === 'cashout') return this.cashOut();
    return this.refuse(`The dealer raises an eyebrow. "Don't know that one. Say "help" for the house rules."`);
  }

  ok(message) {
    return { message, success: true };
  }

  refuse(message) {
    return { message, success: false };
  }

  describe() {
    if (this.phase === 'Closed') {
      return `You have cashed out with ${this.chips} chips. The night is over.`;
    }
    const parts = [`You hold ${this.chips} chips, ${this.handsLeft} hands left tonight.`];
    if (this.phase === 'Playing') {
      parts.push(`Your bet is ${this.bet}. The dealer nods at your cards: "${capitalize(cardList(this.hand))}, `
        + `${numberWord(bestTotal(this.hand))}. I show ${cardName(this.dealer[0])}."`);
    } else if (this.handsLeft <= 0) {
      parts.push('The dealer has covered the shoe. "That was the last hand. Cash out when you\'re ready."');
    } else {
      parts.push('The dealer waits with the shoe. "Place your bet."');
    }
    return parts.join(' ');
  }

  draw() {
    if (!this.shoe.length) this.reshuffle();
    return this.shoe.shift();
  }

  reshuffle() {
    this.shoe = this.shoe.concat(shuffle(this.discards, this.random));
    this.discards = [];
  }

  clearFelt() {
    this.discards.push(...this.hand, ...this.dealer);
    this.hand = [];
    this.dealer = [];
  }

  placeBet(arg) {
    if (this.phase !== 'Betting') {
      return this.refuse('The dealer taps your cards. "Finish this hand first."');
    }
    if (this.handsLeft < 0) {
      return this.refuse('The dealer has covered the shoe. "That was the last hand of the night. Cash out '
        + 'when you\'re ready."');
    }
    const amount = parseAmount(arg);
    if (amount === null) return this.refuse('The dealer waits. "How much? Say it like "bet 25"."');
    if (amount < TABLE_MIN || amount > TABLE_MAX) {
      return this.refuse(`The dealer shakes her head. "Table's ${TABLE_MIN} to ${TABLE_MAX}, friend."`);
    }
    if (amount > this.chips) {
      return this.refuse(`The dealer glances at your stack. "You've only got ${this.chips} chips."`);
    }
    this.clearFelt();
    let shuffled = '';
    if (this.shoe.length < RESHUFFLE_BELOW) {
      this.reshuffle();
      shuffled = 'The dealer riffles the discards back into the shoe. ';
    }
    this.chips -= amount;
    this.bet = amount;
    this.insurance = 0;
    this.handsLeft -= 1;
    this.handsPlayed += 1;
    this.acted = false;
    this.peeked = false;
    this.lastOutcome = null;
    this.lastPayout = 0;
    this.hand.push(this.draw());
    this.dealer.push(this.draw());
    this.hand.push(this.draw());
    this.dealer.push(this.draw());
    this.phase = 'Playing';
    const dealt = `${shuffled}You push ${amount} chips onto the felt and the dealer deals. `
      + `"${capitalize(cardList(this.hand))} for you, ${numberWord(bestTotal(this.hand))}. `
      + `I show ${cardName(this.dealer[0])}.`;
    if (isBlackjack(this.hand)) {
      this.peeked = true;
      if (isBlackjack(this.dealer)) {
        return this.ok(`${dealt} And I've got blackjack too: ${cardName(this.dealer[1])}. `
          + `${this.settle('push')}"`);
      }
      return this.ok(`${dealt} Blackjack! ${this.settle('blackjack')}"`);
    }
    if (value(this.dealer[0]) === 10) {
      this.peeked = true;
      if (isBlackjack(this.dealer)) {
        return this.ok(`${dealt} Let me peek... blackjack, ${cardName(this.dealer[1])}. `
          + `${this.settle('lose')}"`);
      }
    }
    const offer = rank(this.dealer[0]) === 'A' ? ' Insurance, anyone?' : '';
    return this.ok(`${dealt}${offer}"`);
  }

  // With an ace showing, the dealer checks the hole card once the player has had the chance to insure.
  dealerBlackjackBeforeAction() {
    if (this.peeked) return null;
    this.peeked = true;
    if (!isBlackjack(this.dealer)) return null;
    return `The dealer peeks and turns the hole card: "${capitalize(cardName(this.dealer[1]))}. Blackjack. `
      + `${this.settle('lose')}"`;
  }

  hit() {
    if (this.phase !== 'Playing') return this.refuse('The dealer smiles. "No hand to hit, friend. Bet first."');
    const ended = this.dealerBlackjackBeforeAction();
    if (ended) return this.ok(ended);
    this.acted = true;
    const card = this.draw();
    this.hand.push(card);
    const total = hardTotal(this.hand);
    if (total > 21) {
      return this.ok(`The dealer slides you a card. "${capitalize(cardName(card))}. `
        + `${capitalize(numberWord(total))}, you're bust. ${this.settle('lose')}"`);
    }
    return this.ok(`The dealer slides you a card. "${capitalize(cardName(card))}. `
      + `${capitalize(numberWord(total))}."`);
  }

  stand() {
    if (this.phase !== 'Playing') return this.refuse('The dealer smiles. "Nothing to stand on. Bet first."');
    const ended = this.dealerBlackjackBeforeAction();
    if (ended) return this.ok(ended);
    this.acted = true;
    return this.ok(`You wave a hand over your cards. ${this.dealerPlays()}`);
  }

  double() {
    if (this.phase !== 'Playing') return this.refuse('The dealer smiles. "Double what? Bet first."');
    if (this.hand.length !== 2 || this.acted) {
      return this.refuse('The dealer shakes her head. "Only on your first two cards."');
    }
    if (this.chips < this.bet) {
      return this.refuse(`The dealer glances at your stack. "You'd need ${this.bet} more chips for that."`);
    }
    const ended = this.dealerBlackjackBeforeAction();
    if (ended) return this.ok(ended);
    this.acted = true;
    this.chips -= this.bet;
    this.bet *= 2;
    const card = this.shoe[0];
    this.hand.push(card);
    const total = bestTotal(this.hand);
    const spoken = `You slide out ${this.bet / 2} more chips. The dealer lays one card sideways: `
      + `"${capitalize(cardName(card))}, ${numberWord(total)}.`;
    if (total > 21) return this.ok(`${spoken} Bust. ${this.settle('lose')}"`);
    return this.ok(`${spoken}" ${this.dealerPlays()}`);
  }

  takeInsurance() {
    if (rank(this.dealer[0]) !== 'A') {
      return this.refuse('The dealer shakes her head. "Insurance is only for when I show an ace."');
    }
    if (this.phase !== 'Playing') {
      return this.refuse('The dealer shakes her head. "No hand on the felt, no insurance."');
    }
    if (this.acted || this.peeked) {
      return this.refuse('The dealer shakes her head. "Too late for insurance on this hand."');
    }
    const cost = Math.floor(this.bet / 2);
    if (cost > this.chips) {
      return this.refuse(`The dealer glances at your stack. "Insurance costs ${cost}, friend."`);
    }
    this.chips -= cost;
    this.insurance = cost;
    this.peeked = true;
    const placed = `You set ${cost} chips on the insurance line. The dealer peeks at the hole card.`;
    if (isBlackjack(this.dealer)) {
      const paid = cost * 3;
      this.chips += paid;
      return this.ok(`${placed} "${capitalize(cardName(this.dealer[1]))}. Blackjack. Insurance pays two `
        + `to one, ${paid} back to you. ${this.settle('lose')}"`);
    }
    return this.ok(`${placed} "No blackjack. The house keeps your ${cost}. Play on."`);
  }

  dealerPlays() {
    const turned = `The dealer turns the hole card: "${capitalize(cardName(this.dealer[1]))}, `
      + `${numberWord(bestTotal(this.dealer))}.`;
    const draws = [];
    while (bestTotal(this.dealer) < DEALER_STANDS_ON) {
      const card = this.draw();
      this.dealer.push(card);
      draws.push(`I draw ${cardName(card)}, ${numberWord(bestTotal(this.dealer))}.`);
    }
    const dealerTotal = bestTotal(this.dealer);
    const playerTotal = bestTotal(this.hand);
    let outcome;
    let verdict;
    if (dealerTotal > 21) {
      outcome = 'win';
      verdict = 'I bust.';
    } else if (playerTotal > dealerTotal) {
      outcome = 'win';
      verdict = `Your ${numberWord(playerTotal)} beats my ${numberWord(dealerTotal)}.`;
    } else if (playerTotal === dealerTotal) {
      outcome = 'push';
      verdict = `${capitalize(numberWord(playerTotal))} each.`;
    } else {
      outcome = 'lose';
      verdict = `My ${numberWord(dealerTotal)} beats your ${numberWord(playerTotal)}.`;
    }
    return [turned, ...draws, verdict, `${this.settle(outcome)}"`].join(' ');
  }

  settle(outcome) {
    let payout = 0;
    let said;
    if (outcome === 'blackjack') {
      payout = this.bet + Math.floor((this.bet * 6) / 5);
      said = `That pays ${payout - this.bet}, ${payout} back to you.`;
    } else if (outcome === 'win') {
      payout = this.bet * 2;
      said = `You win ${this.bet}, ${payout} back to you.`;
    } else if (outcome === 'push') {
      payout = this.bet;
      said = `Push, your ${this.bet} comes back.`;
    } else {
      said = `The house takes your ${this.bet}.`;
    }
    this.chips += payout;
    this.lastOutcome = outcome;
    this.lastPayout = payout;
    this.bet = 0;
    this.phase = 'Betting';
    const closing = this.handsLeft <= 0 ? ' That was the last hand of the night.' : '';
    return `${said} You have ${this.chips} chips.${closing}`;
  }

  tip(arg) {
    const amount = parseAmount(arg);
    if (amount === null || amount === 0) {
      return this.refuse('The dealer laughs. "Kind of you. How many chips? Say it like "tip 5"."');
    }
    if (amount > this.chips) {
      return this.refuse(`The dealer glances at your stack. "You've only got ${this.chips} chips."`);
    }
    this.chips -= amount;
    this.tips += amount;
    return this.ok(`You slide ${amount} chips across the felt. The dealer taps them on the rail: `
      + `"Thank you kindly." You have ${this.chips} chips.`);
  }

  cashOut() {
    if (this.phase === 'Playing') {
      return this.refuse('The dealer taps your cards. "Finish this hand first."');
    }
    this.clearFelt();
    this.phase = 'Closed';
    this.cashedOut = true;
    this.won = this.chips >= GOAL;
    const verdict = this.won
      ? `"${this.chips} chips. The river was kind to you tonight. You've beaten the house."`
      : `"${this.chips} chips. Better luck next landing."`;
    return this.ok(`You carry your stack to the cashier's cage. ${verdict}`);
  }
}

module.exports = { Table, helpText, SHOE_SIZE, GOAL, START_CHIPS, HANDS_PER_NIGHT };
