// Reads a typed command and runs it against one outpost.

import { Colony, Refusal } from './colony.js';

export const HELP = [
  '| command | what it does |',
  '| --- | --- |',
  '| help | this table |',
  '| status | the outpost at a glance: colonists, structures, site and stock |',
  '| forecast | today\'s skies and the next ash storm |',
  '| assign <colonist> <job> | give a colonist a job: idle, mine, farm or build |',
  '| build <structure> | pay a structure\'s cost and mark out its construction site |',
  '| cancel | abandon the construction site; its whole cost comes back |',
  '| upgrade <structure> | raise a structure one level for 4 ore per level it has |',
  '| repair <structure> | patch a structure back to full hp for 2 ore |',
  '| dismantle <structure> | take a structure down; half its cost comes back |',
  '| end day | the colonists work, the Smelter runs, everyone eats, storms strike, a new day dawns |',
].join('\n');

const INTRO = [
  '— Day 1 —',
  '• Four colonists stand on the grey plain below Mount Cinder: [Ada], [Brann], [Cole] and [Dara].',
  '• A [Habitat], a [Greenhouse] and a [Drill Rig] are all the outpost has.',
  '• Build a [Smelter], smelt alloy and raise the [Beacon] before the ash buries you.',
  'Type help for the command table.',
].join('\n');

const ALWAYS_OPEN = new Set(['help', 'status', 'forecast']);

export class Game {
  constructor(id) {
    this.id = id;
    this.colony = new Colony();
    this.turn = 0;
  }

  intro() {
    return this.reply(INTRO, true);
  }

  reply(message, success) {
    return {
      message,
      state: this.colony.view(),
      success,
      game_over: this.colony.over,
      turn: this.turn,
    };
  }

  run(text) {
    this.turn += 1;
    const words = String(text).trim().split(/\s+/).filter(Boolean);
    if (!words.length) return this.reply('Say something: type help for the command table.', false);
    const verb = words[0].toLowerCase();
    const rest = words.slice(1);
    const colony = this.colony;
    if (colony.over && !ALWAYS_OPEN.has(verb) && !['look', 'report'].includes(verb)) {
      return this.reply('The game is over: only help, status and forecast still answer.', false);
    }
    try {
      return this.reply(this.dispatch(verb, rest), true);
    } catch (err) {
      if (err instanceof Refusal) return this.reply(err.message, false);
      throw err;
    }
  }

  dispatch(verb, rest) {
    const colony = this.colony;
    const target = rest.join(' ');
    const needs = (what) => {
      if (!target) throw new Refusal(`${verb} what? Write ${verb} <${what}>.`);
      return target;
    };
    switch (verb) {
      case 'help':
        return HELP;
      case 'status':
      case 'look':
      case 'report':
        return colony.statusText();
      case 'forecast':
      case 'weather':
        return colony.forecastText();
      case 'assign': {
        const args = rest.filter((w) => w.toLowerCase() !== 'to');
        if (args.length < 2) throw new Refusal('Write assign <colonist> <job>, for example assign ada mine.');
        return colony.assign(args[0], args.slice(1).join(' '));
      }
      case 'build':
        return colony.build(needs('structure'));
      case 'cancel':
        return colony.cancel();
      case 'upgrade':
        return colony.upgrade(needs('structure'));
      case 'repair':
        return colony.repair(needs('structure'));
      case 'dismantle':
        return colony.dismantle(needs('structure'));
      case 'end':
      case 'next':
      case 'sleep':
        if (rest.length && !['day', 'turn'].includes(rest.join(' ').toLowerCase())) {
          throw new Refusal('Write end day to close the day.');
        }
        return colony.endDay();
      default:
        throw new Refusal(`Nobody knows how to "${words(verb, rest)}". Type help for the command table.`);
    }
  }
}

function words(verb, rest) {
  return [verb, ...rest].join(' ');
}
