'use strict';

const HELP_TEXT = [
  'Spokewise dispatch desk: command grammar',
  '',
  '<command> ::= "help" | "board" | "close"',
  '            | "load" <parcel> "," <rider>',
  '            | "unload" <parcel>',
  '            | "quote" <parcel> [ "," <rider> ]',
  '            | "dispatch" <rider>',
  '            | "rest" <rider>',
  '            | "swap" <rider> "," <bike>',
  '            | "service" <bike>',
  '            | "wait" <minutes>',
  '',
  '<parcel>  ::= "P" <number>          a parcel on the board, e.g. P4',
  '<rider>   ::= "Ada" | "Bram" | "Cleo"',
  '<bike>    ::= "B1" | "B2" | "B3" | "B4"',
  '<minutes> ::= <number>              1 to 240',
  '<number>  ::= <digit> { <digit> }',
  '',
  'board    the riders, the shelf and the rack',
  'load     put a parcel from the shelf on a rider\'s bike',
  'unload   put a loaded parcel back on the shelf',
  'quote    the fare of a parcel, and with a rider, when it would arrive if sent now',
  'dispatch send a rider out with everything loaded on their bike',
  'rest     give a rider a break (resets their run count)',
  'swap     give a rider in the office another bike',
  'service  have the mechanic service a bike',
  'wait     let the shift clock run',
  'close    close the shift early',
  'Names are not case sensitive: "load p3, ada" works too.',
].join('\n');

const VERBS = Object.freeze({
  help: { min: 0, max: 0, usage: 'help' },
  board: { min: 0, max: 0, usage: 'board' },
  close: { min: 0, max: 0, usage: 'close' },
  load: { min: 2, max: 2, usage: 'load <parcel>, <rider>' },
  unload: { min: 1, max: 1, usage: 'unload <parcel>' },
  quote: { min: 1, max: 2, usage: 'quote <parcel> [, <rider>]' },
  dispatch: { min: 1, max: 1, usage: 'dispatch <rider>' },
  rest: { min: 1, max: 1, usage: 'rest <rider>' },
  swap: { min: 2, max: 2, usage: 'swap <rider>, <bike>' },
  service: { min: 1, max: 1, usage: 'service <bike>' },
  wait: { min: 1, max: 1, usage: 'wait <minutes>' },
});

class ParsedCommand {
  constructor(verb, args) {
    this.verb = verb;
    this.args = args;
  }
}

class GrammarError extends Error {}

/** Reads `verb a, b, c`: a verb, then comma-separated arguments. */
class CommandParser {
  parse(line) {
    const text = String(line).trim();
    if (text === '') {
      throw new GrammarError('Say something to the desk. Type "help" for the grammar.');
    }
    const match = /^([A-Za-z]+)(?:[\s,]+(.*))?$/s.exec(text);
    if (!match) {
      throw new GrammarError(`"${text}" is not a command. Type "help" for the grammar.`);
    }
    const verb = match[1].toLowerCase();
    const spec = VERBS[verb];
    if (!spec) {
      throw new GrammarError(`Unknown command "${match[1]}". Type "help" for the grammar.`);
    }
    const rest = (match[2] || '').trim();
    const args = rest === '' ? [] : rest.split(',').map((part) => part.trim());
    if (args.some((arg) => arg === '')) {
      throw new GrammarError(`An argument is missing. Usage: ${spec.usage}`);
    }
    if (args.length < spec.min || args.length > spec.max) {
      throw new GrammarError(`Usage: ${spec.usage}`);
    }
    return new ParsedCommand(verb, args);
  }
}

module.exports = { HELP_TEXT, VERBS, CommandParser, GrammarError, ParsedCommand };
