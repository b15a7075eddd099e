'use strict';

// The desk manual, written as a man page. `help` prints all of it; `help <command>`
// prints the entry for one command.

const ENTRIES = {
  help: {
    summary: 'print the desk manual',
    synopsis: 'help [command]',
    description: 'Print this manual, or the entry for one command.',
  },
  look: {
    summary: 'show the whole desk at a glance',
    synopsis: 'look',
    description: 'Show the desk: day, drawer, takings, rating, housekeeping, every room and the lobby.\n' +
      'Also: desk, status.',
  },
  rooms: {
    summary: 'list rooms, optionally filtered',
    synopsis: 'rooms [--status vacant|occupied|clean|dirty|ready] [--type single|double|suite]',
    description: 'List rooms with their type, size and rate. "ready" means vacant and clean.',
  },
  lobby: {
    summary: 'list the guests waiting for a room',
    synopsis: 'lobby',
    description: 'List the guests waiting for a room, with the word to check each one in by.',
  },
  guests: {
    summary: 'list the guests in house',
    synopsis: 'guests',
    description: 'List the guests in house, room by room, with their balances.',
  },
  checkin: {
    summary: 'give a waiting guest a room',
    synopsis: 'checkin <guest> [<room>] [--room <room>] [--keys 1|2]',
    description: 'Give a waiting guest a room. The room must be vacant, clean and sleep the whole party.\n' +
      'Issues one key card unless --keys says two.',
  },
  checkout: {
    summary: 'check a guest out',
    synopsis: 'checkout <room>',
    description: 'Check the guest out of <room>. The bill must be settled first. Every key card comes\n' +
      'back to the rack and the room is left for housekeeping.',
  },
  move: {
    summary: 'move a guest to another room',
    synopsis: 'move <room> [<room>] [--to <room>]',
    description: 'Move the guest in <room> to another vacant, clean room that sleeps the party. Their\n' +
      'key cards are swapped one for one. The new room\'s rate applies from that night on.',
  },
  keys: {
    summary: 'show, issue or take back key cards',
    synopsis: 'keys [<room>] [--issue <n> | --return <n>]',
    description: 'Without a room, show the whole key rack. With a room, show its keys, issue more\n' +
      'cards to the guest (--issue) or take spare cards back (--return). A room has 2 cards;\n' +
      'a guest always keeps at least one.',
  },
  charge: {
    summary: "post an extra to a guest's folio",
    synopsis: 'charge <room> [<item>] [--item breakfast|minibar|laundry|parking] [--qty <n>]',
    description: 'Post an extra to the guest\'s folio, 1 to 5 at a time (default 1). Extras count\n' +
      'against the guest\'s incidentals limit.',
  },
  bill: {
    summary: "print a guest's folio",
    synopsis: 'bill <room>',
    description: 'Print the folio of the guest in <room>: every charge, what is paid, the balance.\n' +
      'Also: folio.',
  },
  pay: {
    summary: 'take a payment toward a bill',
    synopsis: 'pay <room> [<amount>] [--amount <money>]',
    description: 'Take a cash payment toward the bill of <room>. Without an amount the guest pays the\n' +
      'balance in full. Money may be written 50, 50.00 or $50.00. Any amount over the\n' +
      'balance is handed back as change.',
  },
  clean: {
    summary: 'send housekeeping to a room',
    synopsis: 'clean <room>',
    description: 'Send housekeeping to a vacant dirty room. Uses one of the day\'s cleans.',
  },
  night: {
    summary: 'close the day with the night audit',
    synopsis: 'night',
    description: 'Close the day: run the night audit (room and tax charges for every occupied room),\n' +
      'send home anyone still waiting in the lobby, and open the next morning.\n' +
      'After Sunday\'s audit the week is over. Also: audit.',
  },
};

function indent(text, pad) {
  return text.split('\n').map((line) => pad + line).join('\n');
}

function entryText(name) {
  const e = ENTRIES[name];
  return `${indent(e.synopsis, '    ')}\n${indent(e.description, '        ')}`;
}

function page() {
  return [
    'LODGEWELL(6)                 Front Desk Manual                 LODGEWELL(6)',
    '',
    'NAME',
    '    lodgewell - run the front desk of a six-room hotel for one week',
    '',
    'SYNOPSIS',
    '    <command> [<word> ...] [--option <value> ...]',
    '',
    '    Options may also be written --option=<value>. Words in quotes stay together.',
    '',
    'DESCRIPTION',
    '    Guests arrive in the lobby each morning. Give them clean rooms, hand out keys,',
    '    post their extras, take their money and check them out; housekeeping turns the',
    '    rooms. Close each day with `night`. After the Sunday night audit the owners count',
    '    the takings. See docs/RULES.md for every price and limit.',
    '',
    'COMMANDS',
    Object.keys(ENTRIES).map(entryText).join('\n\n'),
    '',
    'EXAMPLES',
    '    checkin ada --room 101 --keys 2',
    '    charge 201 breakfast --qty 2',
    '    pay 201 --amount $50.00',
    '',
    'EXIT STATUS',
    '    A refused command changes nothing and says why.',
  ].join('\n');
}

function entry(name) {
  if (!Object.prototype.hasOwnProperty.call(ENTRIES, name)) return null;
  return [
    'NAME',
    `    ${name} - ${ENTRIES[name].summary}`,
    '',
    'SYNOPSIS',
    `    ${ENTRIES[name].synopsis}`,
    '',
    'DESCRIPTION',
    indent(ENTRIES[name].description, '    '),
  ].join('\n');
}

module.exports = { page, entry, ENTRIES };
