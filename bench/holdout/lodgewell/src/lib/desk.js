'use strict';

const R = require('./rules');
const { formatMoney, parseMoney } = require('./money');
const { parseCommand } = require('./words');
const manual = require('./manual');

// ---------------------------------------------------------------------------
// helpers

function ok(message) {
  return { success: true, message };
}

function fail(message) {
  return { success: false, message };
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function weekday(day) {
  return R.WEEKDAYS[(day - 1) % R.WEEKDAYS.length];
}

function isWeekendNight(day) {
  return R.WEEKEND_NIGHTS.includes(weekday(day));
}

function nightlyRate(type, day) {
  const base = R.ROOM_TYPES[type].rate;
  if (!isWeekendNight(day)) return base;
  return Math.round((base * (100 + R.WEEKEND_SURCHARGE_PERCENT)) / 100);
}

function taxOn(cents) {
  return Math.round((cents * R.TAX_PERCENT) / 100);
}

function charged(guest) {
  return guest.folio.lines.reduce((sum, line) => sum + line.amount, 0);
}

function balanceOf(guest) {
  return charged(guest) - guest.folio.paid;
}

function parseCount(value) {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  return Number(value);
}

function own(table, key) {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

function stars(n) {
  return `${n}/${R.MAX_RATING} stars`;
}

// ---------------------------------------------------------------------------
// the game

class Desk {
  constructor() {
    this.day = 1;
    this.turn = 0;
    this.drawer = R.OPENING_FLOAT;
    this.takings = 0;
    this.rating = R.START_RATING;
    this.cleansToday = 0;
    this.over = false;
    this.won = false;
    this.rooms = {};
    for (const { id, type } of R.ROOMS) {
      this.rooms[id] = {
        id,
        type,
        guest: null,
        clean: !R.DIRTY_AT_OPENING.includes(id),
        rack: R.KEYS_PER_ROOM,
        out: 0,
      };
    }
    this.guests = {};
    this.lobby = [];
    this.admitArrivals();
  }

  // -- lookups --------------------------------------------------------------

  admitArrivals() {
    const arrivals = R.ARRIVALS[this.day] || [];
    for (const [id, name, party, nights] of arrivals) {
      this.guests[id] = {
        id,
        name,
        party,
        nights,
        nightsLeft: nights,
        arrived: this.day,
        room: null,
        status: 'waiting',
        folio: { lines: [], paid: 0 },
        incidentals: 0,
      };
      this.lobby.push(id);
    }
    return arrivals.map(([id]) => this.guests[id]);
  }

  room(word) {
    if (typeof word !== 'string') return null;
    const id = word.replace(/^#/, '').replace(/^room/i, '');
    return Object.prototype.hasOwnProperty.call(this.rooms, id) ? this.rooms[id] : null;
  }

  guestByWord(word) {
    const key = String(word).toLowerCase();
    if (Object.prototype.hasOwnProperty.call(this.guests, key)) return this.guests[key];
    return Object.values(this.guests).find((g) => g.name.toLowerCase() === key) || null;
  }

  occupant(room) {
    return room.guest ? this.guests[room.guest] : null;
  }

  roomOf(guest) {
    return Object.values(this.rooms).find((room) => room.guest === guest.id) || null;
  }

  // -- the command loop -----------------------------------------------------

  run(line) {
    this.turn += 1;
    const parsed = parseCommand(line);
    if (parsed.error) return fail(`Could not read that command: ${parsed.error}.`);
    if (!parsed.verb) return fail('Type a command. `help` lists them.');
    const name = own(ALIASES, parsed.verb) || parsed.verb;
    const command = own(COMMANDS, name);
    if (!command) {
      return fail(`lodgewell: ${parsed.verb}: unknown command. See \`help\` for the list.`);
    }
    const unknown = Object.keys(parsed.options).filter((o) => !command.options.includes(o));
    if (unknown.length) {
      return fail(`${name}: unknown option --${unknown[0]}. See \`help ${name}\`.`);
    }
    if (command.changes && this.over) {
      return fail('The week is over and the books are closed. Start a new game to play again.');
    }
    return command.run(this, parsed.words, parsed.options);
  }

  // -- what the client sees -------------------------------------------------

  folioView(guest) {
    return {
      lines: guest.folio.lines.map((l) => ({ day: l.day, item: l.text, amount: formatMoney(l.amount) })),
      charged: formatMoney(charged(guest)),
      paid: formatMoney(guest.folio.paid),
      balance: formatMoney(balanceOf(guest)),
    };
  }

  state() {
    const rooms = {};
    for (const room of Object.values(this.rooms)) {
      const type = R.ROOM_TYPES[room.type];
      rooms[room.id] = {
        type: room.type,
        sleeps: type.sleeps,
        rate: `${formatMoney(type.rate)}/night`,
        status: room.guest ? 'occupied' : 'vacant',
        housekeeping: room.clean ? 'clean' : 'dirty',
        guest: room.guest,
        keys: { on_rack: room.rack, out: room.out },
      };
    }
    const guests = {};
    for (const g of Object.values(this.guests)) {
      if (g.status === 'waiting') continue;
      guests[g.id] = {
        name: g.name,
        party: g.party,
        room: g.room,
        status: g.status,
        booked: plural(g.nights, 'night'),
        nights_left: g.nightsLeft > 0 ? plural(g.nightsLeft, 'night') : 'due out',
        incidentals: formatMoney(g.incidentals),
        folio: this.folioView(g),
      };
    }
    return {
      hotel: {
        name: 'Lodgewell',
        day: Math.min(this.day, R.WEEK_LENGTH),
        weekday: weekday(Math.min(this.day, R.WEEK_LENGTH)),
        week: `day ${Math.min(this.day, R.WEEK_LENGTH)} of ${R.WEEK_LENGTH}`,
      },
      desk: {
        drawer: formatMoney(this.drawer),
        float: formatMoney(R.OPENING_FLOAT),
        takings: formatMoney(this.takings),
        target: formatMoney(R.TAKINGS_TARGET),
        rating: stars(this.rating),
      },
      housekeeping: { cleans_today: this.cleansToday, limit: `${R.HOUSEKEEPING_PER_DAY} per day` },
      rooms,
      lobby: this.lobby.map((id) => {
        const g = this.guests[id];
        return { id, name: g.name, party: plural(g.party, 'guest'), nights: plural(g.nights, 'night') };
      }),
      guests,
      status: { turn: this.turn, game_over: this.over, won: this.won, lost: this.over && !this.won },
    };
  }

  summary() {
    const shown = Math.min(this.day, R.WEEK_LENGTH);
    const lines = [
      `Lodgewell front desk. ${weekday(shown)}, day ${shown} of ${R.WEEK_LENGTH}.`,
      `Drawer ${formatMoney(this.drawer)}; takings ${formatMoney(this.takings)} of the ` +
        `${formatMoney(R.TAKINGS_TARGET)} target. Rating ${stars(this.rating)}.`,
      `Housekeeping: ${this.cleansToday} of ${R.HOUSEKEEPING_PER_DAY} cleans used today.`,
      'Rooms:',
    ];
    for (const room of Object.values(this.rooms)) lines.push(`  ${this.roomLine(room)}`);
    if (this.lobby.length) {
      lines.push('Waiting in the lobby:');
      for (const id of this.lobby) lines.push(`  ${this.lobbyLine(this.guests[id])}`);
    } else {
      lines.push('The lobby is empty.');
    }
    return lines.join('\n');
  }

  roomLine(room) {
    const g = this.occupant(room);
    const who = g ? `${g.name} (${g.nightsLeft > 0 ? plural(g.nightsLeft, 'night') + ' left' : 'due out'})` : 'vacant';
    return `${room.id}  ${room.type.padEnd(6)}  ${room.clean ? 'clean' : 'dirty'}  ${who}`;
  }

  lobbyLine(g) {
    return `${g.id.padEnd(6)} ${g.name}, party of ${g.party}, ${plural(g.nights, 'night')}`;
  }

  // -- the night audit ------------------------------------------------------

  nightAudit() {
    const closing = this.day;
    const report = [`Night audit, ${weekday(closing)} (day ${closing}).`];
    this.day += 1;
    this.cleansToday = 0;

    let posted = 0;
    for (const room of Object.values(this.rooms)) {
      const guest = this.occupant(room);
      if (!guest) continue;
      const rate = nightlyRate(room.type, this.day);
      const tax = taxOn(rate);
      guest.folio.lines.push({ day: closing, text: `Room ${room.id}, ${weekday(closing)} night`, amount: rate });
      guest.folio.lines.push({ day: closing, text: `Lodging tax ${R.TAX_PERCENT}%`, amount: tax });
      guest.nightsLeft -= 1;
      posted += 1;
      report.push(`  Room ${room.id}: ${guest.name} charged ${formatMoney(rate + tax)}.`);
    }
    if (!posted) report.push('  No rooms occupied tonight.');

    for (const id of this.lobby) {
      const g = this.guests[id];
      g.status = 'walked out';
      this.rating = Math.max(0, this.rating - 1);
      report.push(`  ${g.name} gave up waiting and left. Rating now ${stars(this.rating)}.`);
    }
    this.lobby = [];

    if (this.day > R.WEEK_LENGTH) {
      this.over = true;
      this.won = this.takings >= R.TAKINGS_TARGET && this.rating >= R.WIN_RATING;
      report.push('');
      report.push(`The week is over. Takings ${formatMoney(this.takings)} of ${formatMoney(R.TAKINGS_TARGET)}, ` +
        `rating ${stars(this.rating)}.`);
      report.push(this.won
        ? 'The owners are delighted: the Lodgewell had its best week in years. You win.'
        : 'The owners read the books with long faces. You did not make the week.');
      return ok(report.join('\n'));
    }

    const arrivals = this.admitArrivals();
    const due = Object.values(this.rooms).filter((r) => r.guest && this.occupant(r).nightsLeft <= 0);
    report.push('');
    report.push(`Good morning. It is ${weekday(this.day)}, day ${this.day} of ${R.WEEK_LENGTH}.`);
    if (due.length) report.push(`Due out today: ${due.map((r) => `${this.occupant(r).name} (${r.id})`).join(', ')}.`);
    if (arrivals.length) {
      report.push('Arriving:');
      for (const g of arrivals) report.push(`  ${this.lobbyLine(g)}`);
    } else {
      report.push('Nobody new is expected today.');
    }
    return ok(report.join('\n'));
  }
}

// ---------------------------------------------------------------------------
// commands

function needRoom(desk, word, verb) {
  if (word === undefined || word === true) {
    return { error: fail(`${verb}: which room? See \`help ${verb}\`.`) };
  }
  const room = desk.room(word);
  if (!room) return { error: fail(`${verb}: there is no room ${word}. Rooms are ${Object.keys(desk.rooms).join(', ')}.`) };
  return { room };
}

function needOccupied(desk, word, verb) {
  const found = needRoom(desk, word, verb);
  if (found.error) return found;
  const guest = desk.occupant(found.room);
  if (!guest) return { error: fail(`${verb}: room ${found.room.id} is vacant.`) };
  return { room: found.room, guest };
}

const COMMANDS = {
  help: {
    options: [],
    run(desk, words) {
      if (!words.length) return ok(manual.page());
      const topic = own(ALIASES, words[0].toLowerCase()) || words[0].toLowerCase();
      const entry = manual.entry(topic);
      if (!entry) return fail(`help: no manual entry for ${words[0]}.`);
      return ok(entry);
    },
  },

  look: {
    options: [],
    run(desk) {
      return ok(desk.summary());
    },
  },

  rooms: {
    options: ['status', 'type'],
    run(desk, words, options) {
      const status = options.status;
      const type = options.type;
      const statuses = ['vacant', 'occupied', 'clean', 'dirty', 'ready'];
      if (status !== undefined && !statuses.includes(status)) {
        return fail(`rooms: --status takes one of ${statuses.join(', ')}.`);
      }
      if (type !== undefined && !own(R.ROOM_TYPES, type)) {
        return fail(`rooms: --type takes one of ${Object.keys(R.ROOM_TYPES).join(', ')}.`);
      }
      const shown = Object.values(desk.rooms).filter((room) => {
        if (type && room.type !== type) return false;
        if (status === 'vacant') return !room.guest;
        if (status === 'occupied') return Boolean(room.guest);
        if (status === 'clean') return room.clean;
        if (status === 'dirty') return !room.clean;
        if (status === 'ready') return !room.guest && room.clean;
        return true;
      });
      if (!shown.length) return ok('No rooms match.');
      const lines = shown.map((room) => {
        const t = R.ROOM_TYPES[room.type];
        return `${desk.roomLine(room)}  sleeps ${t.sleeps}, ${formatMoney(t.rate)}/night`;
      });
      return ok(lines.join('\n'));
    },
  },

  lobby: {
    options: [],
    run(desk) {
      if (!desk.lobby.length) return ok('The lobby is empty.');
      return ok(['Waiting in the lobby:', ...desk.lobby.map((id) => `  ${desk.lobbyLine(desk.guests[id])}`)].join('\n'));
    },
  },

  guests: {
    options: [],
    run(desk) {
      const lines = [];
      for (const room of Object.values(desk.rooms)) {
        const g = desk.occupant(room);
        if (g) lines.push(`  ${room.id}  ${g.name}, party of ${g.party}, balance ${formatMoney(balanceOf(g))}`);
      }
      if (!lines.length) return ok('Nobody is staying at the moment.');
      return ok(['In house:', ...lines].join('\n'));
    },
  },

  checkin: {
    options: ['room', 'keys'],
    changes: true,
    run(desk, words, options) {
      if (!words.length) return fail('checkin: whom? Usage: checkin <guest> --room <room> [--keys 1|2]');
      const guest = desk.guestByWord(words[0]);
      if (!guest) return fail(`checkin: nobody called ${words[0]} is waiting. Try \`lobby\`.`);
      if (guest.status === 'in house') return fail(`checkin: ${guest.name} is already in room ${desk.roomOf(guest).id}.`);
      if (guest.status !== 'waiting') return fail(`checkin: ${guest.name} has ${guest.status}.`);
      const found = needRoom(desk, options.room !== undefined ? options.room : words[1], 'checkin');
      if (found.error) return found.error;
      const room = found.room;
      const type = R.ROOM_TYPES[room.type];
      if (room.guest) return fail(`checkin: room ${room.id} is occupied by ${desk.occupant(room).name}.`);
      if (!room.clean) return fail(`checkin: room ${room.id} has not been cleaned yet.`);
      if (guest.party > type.sleeps) {
        return fail(`checkin: room ${room.id} (${room.type}) sleeps ${type.sleeps}; ${guest.name} is a party of ${guest.party}.`);
      }
      let keys = 1;
      if (options.keys !== undefined) {
        keys = parseCount(options.keys);
        if (keys === null || keys < 1 || keys > R.KEYS_PER_ROOM) {
          return fail(`checkin: --keys takes 1 to ${R.KEYS_PER_ROOM}.`);
        }
      }
      if (keys > room.rack) return fail(`checkin: only ${plural(room.rack, 'key')} for room ${room.id} on the rack.`);

      room.guest = guest.id;
      room.rack -= keys;
      room.out += keys;
      guest.room = room.id;
      guest.status = 'in house';
      desk.lobby = desk.lobby.filter((id) => id !== guest.id);
      return ok(`Checked in ${guest.name} (party of ${guest.party}) to room ${room.id}, ${room.type} at ` +
        `${formatMoney(type.rate)}/night for ${plural(guest.nights, 'night')}. ${plural(keys, 'key')} issued.`);
    },
  },

  checkout: {
    options: [],
    changes: true,
    run(desk, words) {
      const found = needOccupied(desk, words[0], 'checkout');
      if (found.error) return found.error;
      const { room, guest } = found;
      const owing = balanceOf(guest);
      if (owing > 0) {
        return fail(`checkout: ${guest.name} still owes ${formatMoney(owing)}. Settle it with \`pay ${room.id}\` first.`);
      }
      const returned = room.out;
      room.rack += returned;
      room.out = 0;
      room.guest = null;
      room.clean = false;
      guest.status = 'checked out';
      guest.room = null;
      const lines = [`${guest.name} checked out of room ${room.id} and handed back ${plural(returned, 'key')}.`];
      if (guest.nightsLeft <= 0) {
        desk.rating = Math.min(R.MAX_RATING, desk.rating + 1);
        lines.push(`A happy guest: rating now ${stars(desk.rating)}.`);
      } else {
        lines.push(`Left ${plural(guest.nightsLeft, 'night')} early.`);
      }
      lines.push(`Room ${room.id} needs cleaning.`);
      return ok(lines.join(' '));
    },
  },

  move: {
    options: ['to'],
    changes: true,
    run(desk, words, options) {
      const found = needOccupied(desk, words[0], 'move');
      if (found.error) return found.error;
      const { room: from, guest } = found;
      const target = needRoom(desk, options.to !== undefined ? options.to : words[1], 'move');
      if (target.error) return target.error;
      const to = target.room;
      const type = R.ROOM_TYPES[to.type];
      if (to === from) return fail(`move: ${guest.name} is already in room ${from.id}.`);
      if (to.guest) return fail(`move: room ${to.id} is occupied by ${desk.occupant(to).name}.`);
      if (!to.clean) return fail(`move: room ${to.id} has not been cleaned yet.`);
      if (guest.party > type.sleeps) {
        return fail(`move: room ${to.id} (${to.type}) sleeps ${type.sleeps}; ${guest.name} is a party of ${guest.party}.`);
      }
      const keys = from.out;
      from.rack += keys;
      from.out = 0;
      to.rack -= keys;
      to.out = keys;
      to.guest = guest.id;
      from.guest = null;
      from.clean = false;
      return ok(`Moved ${guest.name} from room ${from.id} to room ${to.id} (${to.type}, ` +
        `${formatMoney(type.rate)}/night from tonight). ${plural(keys, 'key')} swapped. Room ${from.id} needs cleaning.`);
    },
  },

  keys: {
    options: ['issue', 'return'],
    run(desk, words, options) {
      if (!words.length) {
        if (options.issue !== undefined || options.return !== undefined) {
          return fail('keys: which room? Usage: keys <room> [--issue N | --return N]');
        }
        const lines = Object.values(desk.rooms).map((r) => `  ${r.id}  on rack ${r.rack}, out ${r.out}`);
        return ok(['Key rack:', ...lines].join('\n'));
      }
      const found = needRoom(desk, words[0], 'keys');
      if (found.error) return found.error;
      const room = found.room;
      if (options.issue === undefined && options.return === undefined) {
        return ok(`Room ${room.id}: ${plural(room.rack, 'key')} on the rack, ${room.out} out.`);
      }
      if (options.issue !== undefined && options.return !== undefined) {
        return fail('keys: give --issue or --return, not both.');
      }
      if (desk.over) return fail('The week is over and the books are closed. Start a new game to play again.');
      const guest = desk.occupant(room);
      if (!guest) return fail(`keys: room ${room.id} is vacant; keys stay on the rack.`);
      const n = parseCount(options.issue !== undefined ? options.issue : options.return);
      if (n === null || n < 1) return fail('keys: give a number of keys, 1 or more.');
      if (options.issue !== undefined) {
        if (n > room.rack) return fail(`keys: only ${plural(room.rack, 'key')} for room ${room.id} on the rack.`);
        room.rack -= n;
        room.out += n;
        return ok(`Issued ${plural(n, 'key')} to ${guest.name}. Room ${room.id}: ${room.rack} on the rack, ${room.out} out.`);
      }
      if (n >= room.out) return fail(`keys: ${guest.name} must keep at least one key (has ${room.out}).`);
      room.out -= n;
      room.rack += n;
      return ok(`${guest.name} handed back ${plural(n, 'key')}. Room ${room.id}: ${room.rack} on the rack, ${room.out} out.`);
    },
  },

  charge: {
    options: ['item', 'qty'],
    changes: true,
    run(desk, words, options) {
      const found = needOccupied(desk, words[0], 'charge');
      if (found.error) return found.error;
      const { room, guest } = found;
      const item = options.item !== undefined ? options.item : words[1];
      if (item === undefined || item === true) {
        return fail(`charge: what? Items: ${Object.keys(R.EXTRAS).join(', ')}.`);
      }
      const price = own(R.EXTRAS, String(item).toLowerCase());
      if (price === undefined) return fail(`charge: no such item ${item}. Items: ${Object.keys(R.EXTRAS).join(', ')}.`);
      let qty = 1;
      if (options.qty !== undefined) {
        qty = parseCount(options.qty);
        if (qty === null || qty < 1 || qty > R.MAX_QTY) return fail(`charge: --qty takes 1 to ${R.MAX_QTY}.`);
      }
      const total = price * qty;
      if (guest.incidentals + total > R.INCIDENTALS_LIMIT) {
        return fail(`charge: that would take ${guest.name} past the ${formatMoney(R.INCIDENTALS_LIMIT)} ` +
          `incidentals limit (${formatMoney(guest.incidentals)} used).`);
      }
      const due = balanceOf(guest);
      const name = String(item).toLowerCase();
      guest.folio.lines.push({ day: desk.day, text: `${name} x${qty}`, amount: total });
      guest.incidentals += total;
      return ok(`Posted ${qty} x ${name} (${formatMoney(total)}) to room ${room.id}. Balance due: ${formatMoney(due)}.`);
    },
  },

  bill: {
    options: [],
    run(desk, words) {
      const found = needRoom(desk, words[0], 'bill');
      if (found.error) return found.error;
      const room = found.room;
      const guest = desk.guests[room.guest];
      const lines = [`Folio for ${guest.name}, room ${room.id}:`];
      for (const l of guest.folio.lines) {
        lines.push(`  day ${l.day}  ${l.text.padEnd(26)} ${formatMoney(l.amount).padStart(10)}`);
      }
      if (!guest.folio.lines.length) lines.push('  (no charges yet)');
      lines.push(`  Charged ${formatMoney(charged(guest))}, paid ${formatMoney(guest.folio.paid)}, ` +
        `balance ${formatMoney(balanceOf(guest))}.`);
      return ok(lines.join('\n'));
    },
  },

  pay: {
    options: ['amount'],
    changes: true,
    run(desk, words, options) {
      const found = needOccupied(desk, words[0], 'pay');
      if (found.error) return found.error;
      const { room, guest } = found;
      const owing = balanceOf(guest);
      if (owing <= 0) return fail(`pay: ${guest.name} owes nothing.`);
      const given = options.amount !== undefined ? options.amount : words[1];
      let amount = owing;
      if (given !== undefined) {
        amount = parseMoney(given);
        if (amount === null || amount <= 0) return fail(`pay: ${given} is not an amount of money.`);
      }
      const applied = Math.min(amount, owing);
      const change = amount - applied;
      guest.folio.paid += applied;
      desk.takings += applied;
      desk.drawer += amount;
      const parts = [`Room ${room.id} paid ${formatMoney(amount)}.`];
      if (change > 0) parts.push(`Change handed back: ${formatMoney(change)}.`);
      parts.push(`Balance now ${formatMoney(balanceOf(guest))}.`);
      return ok(parts.join(' '));
    },
  },

  clean: {
    options: [],
    changes: true,
    run(desk, words) {
      const found = needRoom(desk, words[0], 'clean');
      if (found.error) return found.error;
      const room = found.room;
      if (room.guest) return fail(`clean: room ${room.id} is occupied; housekeeping turns it after checkout.`);
      if (room.clean) return fail(`clean: room ${room.id} is already clean.`);
      if (desk.cleansToday > R.HOUSEKEEPING_PER_DAY) {
        return fail(`clean: housekeeping has done its ${R.HOUSEKEEPING_PER_DAY} rooms for today.`);
      }
      desk.cleansToday += 1;
      room.clean = true;
      return ok(`Housekeeping cleaned room ${room.id} (${desk.cleansToday} of ${R.HOUSEKEEPING_PER_DAY} today).`);
    },
  },

  night: {
    options: [],
    changes: true,
    run(desk) {
      return desk.nightAudit();
    },
  },
};

const ALIASES = {
  desk: 'look',
  status: 'look',
  l: 'look',
  audit: 'night',
  man: 'help',
  '?': 'help',
  'check-in': 'checkin',
  'check-out': 'checkout',
  folio: 'bill',
};

module.exports = { Desk, COMMANDS, ALIASES, nightlyRate, balanceOf };
