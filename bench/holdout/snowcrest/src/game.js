// The Snowcrest game: one resort, one opening weekend, driven by typed commands.

import {
  AFTERNOON_FROM,
  ARRIVALS,
  CLOSING_HOUR,
  DAY_NAMES,
  INCIDENT_LIMIT,
  LIFT_OPERATORS,
  LIFTS,
  MOUNTAIN_CAPACITY,
  OPENING_HOUR,
  PATROL_TEAMS,
  PRICES,
  REFUND_FEE,
  RESCUE_WINDOW_HOURS,
  RESORT_NAME,
  RUNS,
  STARTING_CASH,
  TARGET_CASH,
  TARGET_RIDES,
  TICKET_TYPES,
  WEATHER,
} from './resort.js';

const COMMANDS = [
  ['HELP', 'Show this table'],
  ['STATUS', 'Clock, weather, cash, lodge, casualties and patrol'],
  ['LIFTS', 'Every lift: status, riders boarded, capacity, wind limit'],
  ['WEATHER', 'Wind and snow now, and the forecast for the next hour'],
  ['SELL <ADULT|CHILD> [n]', 'Sell n tickets (default 1) to guests at the window'],
  ['REFUND <ADULT|CHILD> [n]', 'Buy back n tickets from guests in the lodge, less the $5 fee'],
  ['OPEN <lift>', 'Staff and start a lift (needs a free operator and wind below its limit)'],
  ['CLOSE <lift>', 'Stop a lift and free its operator; boarded riders return to the lodge'],
  ['LOAD <lift> [n]', 'Board n guests from the lodge (default: as many as fit this hour)'],
  ['RESCUE [run]', 'Send a patrol team to a casualty (default: whoever has been down longest)'],
  ['WAIT', 'Let an hour pass: lifts run, weather turns, new guests arrive'],
];

const COMMAND_WORDS = COMMANDS.map(([usage]) => usage.split(' ')[0]);

export class CommandError extends Error {}

export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}

function money(amount) {
  return amount < 0 ? `-$${-amount}` : `$${amount}`;
}

function pad(hour) {
  return String(hour).padStart(2, '0');
}

// The one entry of `names` that `word` names: an exact name, or the only name it is a prefix of.
export function matchPrefix(names, word, what) {
  const wanted = word.toLowerCase();
  const exact = names.find((name) => name.toLowerCase() === wanted);
  if (exact) return exact;
  const hits = names.filter((name) => name.toLowerCase().startsWith(wanted));
  if (hits.length === 1) return hits[0];
  if (hits.length > 1) {
    throw new CommandError(`"${word}" could be ${hits.join(' or ')}. Type a little more of the ${what}.`);
  }
  throw new CommandError(`There is no ${what} called "${word}". Try ${names.join(', ')}.`);
}

function parseCount(text, usage) {
  if (!/^\d+$/.test(text) || Number(text) === 0) {
    throw new CommandError(`"${text}" is not a number of guests. Usage: ${usage}`);
  }
  return Number(text);
}

export function renderTable(rows, headings) {
  const widths = headings.map((heading, col) => Math.max(heading.length, ...rows.map((row) => row[col].length)));
  const rule = (left, mid, right) => left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right;
  const line = (cells) => `│ ${cells.map((cell, col) => cell.padEnd(widths[col])).join(' │ ')} │`;
  return [
    rule('┌', '┬', '┐'),
    line(headings),
    rule('├', '┼', '┤'),
    ...rows.map(line),
    rule('└', '┴', '┘'),
  ].join('\n');
}

export class SnowcrestGame {
  constructor() {
    this.day = 1;
    this.hour = OPENING_HOUR;
    this.hoursElapsed = 0;
    this.cash = STARTING_CASH;
    this.operatorsFree = LIFT_OPERATORS;
    this.lifts = LIFTS.map((lift) => ({ ...lift, status: 'closed', loaded: 0, ridesToday: 0 }));
    this.runs = RUNS.map((run) => [run.name, { grade: run.grade, hurtEvery: run.hurtEvery, skiersDown: 0 }]);
    this.patrol = PATROL_TEAMS.map((team) => [team, 'standby']);
    this.casualties = [];
    this.nextCasualtyId = 1;
    this.stats = [
      ['ticketRevenue', 0],
      ['liftCosts', 0],
      ['rides', 0],
      ['rescues', 0],
      ['incidents', 0],
    ];
    this.won = false;
    this.gameOver = false;
    this.startDay();
  }

  // ---- bookkeeping -------------------------------------------------------------------------

  startDay() {
    this.ticketWindow = TICKET_TYPES.map((type) => [type, 0]);
    this.ticketsSold = TICKET_TYPES.map((type) => [type, 0]);
    this.lodge = 0;
    this.firstAid = 0;
    this.wentHome = 0;
    this.weather = { ...WEATHER[this.day - 1][this.hour] };
    this.guestsArrive();
  }

  guestsArrive() {
    const [adults, children] = ARRIVALS[this.day - 1][this.hour] ?? [0, 0];
    this.addPair(this.ticketWindow, 'adult', adults);
    this.addPair(this.ticketWindow, 'child', children);
    return adults + children;
  }

  pair(list, name) {
    return list.find(([key]) => key === name)[1];
  }

  addPair(list, name, amount) {
    const entry = list.find(([key]) => key === name);
    entry[1] += amount;
    return entry[1];
  }

  stat(name) {
    return this.pair(this.stats, name);
  }

  bump(name, amount = 1) {
    return this.addPair(this.stats, name, amount);
  }

  collect(amount) {
    this.cash += amount;
    this.bump('ticketRevenue', amount);
  }

  run(name) {
    return this.pair(this.runs, name);
  }

  clock() {
    return `${DAY_NAMES[this.day - 1].slice(0, 3)} ${pad(this.hour)}:00`;
  }

  isAfternoon() {
    return this.hour > AFTERNOON_FROM;
  }

  priceOf(type) {
    return PRICES[type][this.isAfternoon() ? 'afternoon' : 'morning'];
  }

  onMountain() {
    const riding = this.lifts.reduce((sum, lift) => sum + lift.loaded, 0);
    return this.lodge + riding + this.casualties.length + this.firstAid;
  }

  standbyTeams() {
    return this.patrol.filter(([, duty]) => duty === 'standby');
  }

  findLift(word) {
    if (!word) throw new CommandError('Which lift? Try Pinewood, Ridgeback, Summit or Sundown.');
    const name = matchPrefix(this.lifts.map((lift) => lift.name), word, 'lift');
    return this.lifts.find((lift) => lift.name === name);
  }

  ticketType(word, usage) {
    if (!word) throw new CommandError(`Which ticket? Usage: ${usage}`);
    return matchPrefix(TICKET_TYPES, word, 'ticket type');
  }

  // ---- the command loop --------------------------------------------------------------------

  intro() {
    return [
      `Welcome to ${RESORT_NAME}, operations desk.`,
      `It is ${this.clock()} on opening weekend. The lifts are stopped, ${plural(LIFT_OPERATORS, 'operator')} ` +
        `and patrol teams ${PATROL_TEAMS.join(' and ')} are waiting for your call, and ` +
        `${plural(this.windowCount(), 'guest')} are already queuing at the ticket window.`,
      `Finish Sunday with at least ${money(TARGET_CASH)} in the till, ${TARGET_RIDES} lift rides ` +
        'and a clean safety record. Type HELP for the command table.',
    ].join('\n');
  }

  windowCount() {
    return this.ticketWindow.reduce((sum, [, count]) => sum + count, 0);
  }

  execute(input) {
    const words = String(input).trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      return { success: false, message: 'Say something to the radio. Type HELP for the command table.' };
    }
    if (this.gameOver) {
      return { success: false, message: 'The weekend is over and the lifts are parked. Start a new game to play again.' };
    }
    const [first, ...args] = words;
    try {
      const command = first === '?' ? 'HELP' : matchPrefix(COMMAND_WORDS, first, 'command');
      const handler = {
        HELP: () => this.help(),
        STATUS: () => this.status(),
        LIFTS: () => this.liftBoard(),
        WEATHER: () => this.forecast(),
        SELL: () => this.sell(args),
        REFUND: () => this.refund(args),
        OPEN: () => this.open(args),
        CLOSE: () => this.close(args),
        LOAD: () => this.load(args),
        RESCUE: () => this.rescue(args),
        WAIT: () => this.wait(),
      }[command];
      return { success: true, message: handler() };
    } catch (error) {
      if (error instanceof CommandError) return { success: false, message: error.message };
      throw error;
    }
  }

  // ---- information -------------------------------------------------------------------------

  help() {
    return [
      `${RESORT_NAME} operations desk: commands`,
      renderTable(COMMANDS, ['COMMAND', 'WHAT IT DOES']),
      'Commands, lifts, runs and ticket types can be shortened to any unique prefix: LO PINE 10, RES CREST.',
    ].join('\n');
  }

  status() {
    const lines = [
      `${this.clock()}. Wind ${this.weather.windKph} km/h, ${this.weather.sky}. Cash ${money(this.cash)}.`,
      `Ticket window: ${this.ticketWindow.map(([type, n]) => `${n} ${type}`).join(', ')} waiting. ` +
        `Lodge: ${plural(this.lodge, 'guest')}. On the mountain: ${this.onMountain()} of ${MOUNTAIN_CAPACITY}.`,
      `Lifts: ${this.lifts.map((lift) => `${lift.name} ${lift.status}`).join(', ')}. ` +
        `Operators free: ${this.operatorsFree}.`,
      `Patrol: ${this.patrol.map(([team, duty]) => `${team} ${duty}`).join(', ')}. First aid: ${this.firstAid}.`,
    ];
    if (this.casualties.length) {
      const down = this.casualties.map((c) => `#${c.id} on ${c.run} (${this.hoursElapsed - c.downAtHour}h)`);
      lines.push(`Casualties: ${down.join(', ')}.`);
    } else {
      lines.push('Casualties: none. All quiet on the slopes.');
    }
    lines.push(
      `Weekend so far: ${plural(this.stat('rides'), 'ride')}, ${plural(this.stat('rescues'), 'rescue')}, ` +
        `${plural(this.stat('incidents'), 'incident')}.`,
    );
    return lines.join('\n');
  }

  liftBoard() {
    const rows = this.lifts.map((lift) => [
      lift.name,
      lift.kind,
      lift.run,
      lift.status,
      `${lift.loaded}/${lift.capacity}`,
      `${lift.windLimit} km/h`,
      money(lift.hourlyCost),
    ]);
    return renderTable(rows, ['LIFT', 'TYPE', 'RUN', 'STATUS', 'BOARDED', 'WIND LIMIT', 'COST/H']);
  }

  forecast() {
    const now = this.weather;
    const lines = [`${this.clock()}: wind ${now.windKph} km/h, ${now.sky}, ${now.snowCm} cm fresh snow this hour.`];
    const next = WEATHER[this.day - 1][this.hour + 1];
    if (next && this.hour + 1 < CLOSING_HOUR) {
      lines.push(`Next hour: wind ${next.windKph} km/h, ${next.sky}.`);
      const held = this.lifts.filter((lift) => next.windKph >= lift.windLimit).map((lift) => lift.name);
      if (held.length) lines.push(`Lifts that would stand on wind hold: ${held.join(', ')}.`);
    } else {
      lines.push('The lifts stop at 16:00; the sweep follows the last chair.');
    }
    return lines.join('\n');
  }

  // ---- tickets -----------------------------------------------------------------------------

  sell(args) {
    const usage = 'SELL <ADULT|CHILD> [n]';
    const type = this.ticketType(args[0], usage);
    const count = args[1] === undefined ? 1 : parseCount(args[1], usage);
    const waiting = this.pair(this.ticketWindow, type);
    if (waiting === 0) throw new CommandError(`No one at the window wants ${type} tickets right now.`);
    if (count > waiting) {
      throw new CommandError(`Only ${plural(waiting, 'guest')} at the window want ${type} tickets.`);
    }
    const room = MOUNTAIN_CAPACITY - this.onMountain();
    if (count > room) {
      throw new CommandError(
        `The mountain is capped at ${MOUNTAIN_CAPACITY} guests; there is room for ${room} more right now.`,
      );
    }
    const price = this.priceOf(type);
    const total = price * count;
    this.collect(total);
    this.addPair(this.ticketWindow, type, -count);
    this.addPair(this.ticketsSold, type, count);
    this.lodge += count;
    return (
      `Sold ${plural(count, `${type} ticket`)} at ${money(price)}: ${money(total)} in the till ` +
      `(${money(this.cash)} now). ${count === 1 ? 'The guest clumps' : 'The guests clump'} into the lodge to boot up.`
    );
  }

  refund(args) {
    const usage = 'REFUND <ADULT|CHILD> [n]';
    const type = this.ticketType(args[0], usage);
    const count = args[1] === undefined ? 1 : parseCount(args[1], usage);
    const sold = this.pair(this.ticketsSold, type);
    if (count > sold) {
      throw new CommandError(`Only ${plural(sold, `${type} ticket`)} sold today can be refunded.`);
    }
    if (count > this.lodge) {
      throw new CommandError(
        `Only ${plural(this.lodge, 'guest')} in the lodge; riders and guests on the slopes cannot refund.`,
      );
    }
    const price = this.priceOf(type) - REFUND_FEE;
    const total = price * count;
    this.cash -= total;
    this.addPair(this.ticketsSold, type, -count);
    this.lodge -= count;
    return (
      `Refunded ${plural(count, `${type} ticket`)} at ${money(price)} ` +
      `(${money(this.priceOf(type))} less the ${money(REFUND_FEE)} fee): ${money(total)} back. ` +
      `${count === 1 ? 'The guest heads' : 'The guests head'} for the car park.`
    );
  }

  // ---- lifts -------------------------------------------------------------------------------

  open(args) {
    const lift = this.findLift(args.join(' '));
    if (lift.status === 'open') throw new CommandError(`${lift.name} is already running.`);
    if (lift.status === 'hold') {
      throw new CommandError(
        `${lift.name} is staffed but on wind hold; it restarts by itself once the wind drops below ` +
          `${lift.windLimit} km/h.`,
      );
    }
    if (this.operatorsFree === 0) {
      throw new CommandError('No lift operator is free. CLOSE another lift first.');
    }
    if (this.weather.windKph >= lift.windLimit) {
      throw new CommandError(
        `${lift.name} cannot open: wind ${this.weather.windKph} km/h is at or above its ` +
          `${lift.windLimit} km/h limit.`,
      );
    }
    lift.status = 'open';
    this.operatorsFree -= 1;
    return (
      `${lift.name} (${lift.kind}) is turning. It serves ${lift.run} and carries up to ` +
      `${lift.capacity} riders an hour for ${money(lift.hourlyCost)}/h. Operators free: ${this.operatorsFree}.`
    );
  }

  close(args) {
    const lift = this.findLift(args.join(' '));
    if (lift.status === 'closed') throw new CommandError(`${lift.name} is already closed.`);
    const returned = lift.loaded;
    this.lodge += returned;
    lift.loaded = 0;
    lift.status = 'closed';
    this.operatorsFree += 1;
    const back = returned ? ` ${plural(returned, 'rider')} walk back to the lodge.` : '';
    return `${lift.name} is stopped and its operator is free.${back} Operators free: ${this.operatorsFree}.`;
  }

  load(args) {
    const usage = 'LOAD <lift> [n]';
    const hasCount = args.length > 1 && /^\d+$/.test(args[args.length - 1]);
    const lift = this.findLift((hasCount ? args.slice(0, -1) : args).join(' '));
    if (lift.status === 'closed') throw new CommandError(`${lift.name} is closed. OPEN it first.`);
    if (lift.status === 'hold') {
      throw new CommandError(`${lift.name} is on wind hold (limit ${lift.windLimit} km/h). No one boards.`);
    }
    const room = lift.capacity - lift.loaded;
    if (room === 0) throw new CommandError(`${lift.name} is full for this hour (${lift.capacity} riders).`);
    if (this.lodge === 0) throw new CommandError('The lodge is empty. SELL some tickets first.');
    const wanted = hasCount ? parseCount(args[args.length - 1], usage) : Math.min(this.lodge, room);
    if (wanted > this.lodge) {
      throw new CommandError(`Only ${plural(this.lodge, 'guest')} in the lodge.`);
    }
    const boarding = Math.min(wanted, room);
    lift.loaded += boarding;
    this.lodge -= wanted;
    const left = wanted - boarding;
    const full = left ? ` ${lift.name} is full for this hour; the other ${left} wait in the lodge.` : '';
    return (
      `${plural(boarding, 'guest')} board ${lift.name} for ${lift.run} ` +
      `(${lift.loaded}/${lift.capacity} this hour).${full}`
    );
  }

  // ---- patrol ------------------------------------------------------------------------------

  rescue(args) {
    const free = this.standbyTeams();
    if (free.length === 0) {
      throw new CommandError('Every patrol team is out on a call. They are back on standby next hour.');
    }
    let casualty;
    if (args.length) {
      const run = matchPrefix(this.runs.map(([name]) => name), args.join(' '), 'run');
      casualty = this.casualties.find((c) => c.run === run);
      if (!casualty) throw new CommandError(`No one is down on ${run}.`);
    } else {
      casualty = this.casualties[0];
    }
    const [team] = free;
    team[1] = 'rescuing';
    this.casualties = this.casualties.filter((c) => c !== casualty);
    this.firstAid += 1;
    this.bump('rescues');
    const late = casualty.incident ? ' It was too late to keep it off the incident log.' : '';
    const standby = free.map(([name]) => name).join(', ') || 'none';
    return (
      `Patrol ${team[0]} skis to ${casualty.run} and sleds casualty #${casualty.id} down to first aid.${late}\n` +
      `Teams on standby: ${standby}.`
    );
  }

  // ---- the clock ---------------------------------------------------------------------------

  wait() {
    const lines = [];
    for (const lift of this.lifts) {
      if (lift.loaded === 0) continue;
      const run = this.run(lift.run);
      let hurt = 0;
      for (let i = 0; i < lift.loaded; i += 1) {
        run.skiersDown += 1;
        if (run.hurtEvery && run.skiersDown % run.hurtEvery === 0) {
          hurt += 1;
          this.casualties.push({ id: this.nextCasualtyId, run: lift.run, downAtHour: this.hoursElapsed + 1, incident: false });
          this.nextCasualtyId += 1;
        }
      }
      this.lodge += lift.loaded - hurt;
      lift.ridesToday += lift.loaded;
      this.bump('rides', lift.loaded);
      const fall = hurt ? ` ${plural(hurt, 'skier')} went down on ${lift.run}!` : '';
      lines.push(`${lift.name} carried ${plural(lift.loaded, 'rider')} up for ${lift.run}.${fall}`);
      lift.loaded = 0;
    }
    let costs = 0;
    for (const lift of this.lifts) {
      if (lift.status !== 'closed') costs += lift.hourlyCost;
    }
    if (costs) {
      this.cash -= costs;
      this.bump('liftCosts', costs);
      lines.push(`Lift running costs: ${money(costs)}.`);
    }

    this.hoursElapsed += 1;
    this.hour += 1;
    if (this.firstAid) {
      lines.push(`First aid patched up ${plural(this.firstAid, 'guest')}; they head home.`);
      this.wentHome += this.firstAid;
      this.firstAid = 0;
    }
    for (const team of this.patrol) team[1] = 'standby';
    for (const casualty of this.casualties) {
      if (!casualty.incident && this.hoursElapsed - casualty.downAtHour >= RESCUE_WINDOW_HOURS) {
        casualty.incident = true;
        this.bump('incidents');
        lines.push(`Casualty #${casualty.id} on ${casualty.run} has waited too long: safety incident logged.`);
      }
    }
    if (this.stat('incidents') >= INCIDENT_LIMIT) {
      this.gameOver = true;
      lines.push(
        `That is ${plural(this.stat('incidents'), 'incident')}. The insurer closes ${RESORT_NAME} ` +
          'for an inquiry. Game over.',
      );
      return lines.join('\n');
    }
    if (this.hour >= CLOSING_HOUR) return this.closeDay(lines);

    this.weather = { ...WEATHER[this.day - 1][this.hour] };
    lines.unshift(`It is ${this.clock()}. Wind ${this.weather.windKph} km/h, ${this.weather.sky}.`);
    for (const lift of this.lifts) {
      if (lift.status === 'open' && this.weather.windKph >= lift.windLimit) {
        lift.status = 'hold';
        lines.push(`${lift.name} stops on wind hold (limit ${lift.windLimit} km/h). Its operator stays with it.`);
      } else if (lift.status === 'hold' && this.weather.windKph < lift.windLimit) {
        lift.status = 'open';
        lines.push(`The wind has eased: ${lift.name} is turning again.`);
      }
    }
    const arrived = this.guestsArrive();
    if (arrived) lines.push(`${plural(arrived, 'new guest')} join the ticket window queue.`);
    if (this.casualties.length) {
      lines.push(`Still waiting for patrol: ${plural(this.casualties.length, 'casualty', 'casualties')}.`);
    }
    return lines.join('\n');
  }

  closeDay(lines) {
    const dayName = DAY_NAMES[this.day - 1];
    const swept = this.casualties.length;
    this.casualties = [];
    this.wentHome += swept + this.lodge + this.firstAid;
    this.lodge = 0;
    this.firstAid = 0;
    for (const lift of this.lifts) {
      if (lift.status === 'open') this.operatorsFree += 1;
      lift.status = 'closed';
      lift.loaded = 0;
    }
    const sold = this.ticketsSold.reduce((sum, [, n]) => sum + n, 0);
    const rides = this.lifts.reduce((sum, lift) => sum + lift.ridesToday, 0);
    lines.unshift(`16:00 on ${dayName}: the lifts stop and the sweep follows the last chair.`);
    if (swept) lines.push(`The sweep brought ${plural(swept, 'casualty', 'casualties')} down.`);
    lines.push(
      `${dayName} in numbers: ${plural(sold, 'ticket')} sold, ${plural(rides, 'ride')}, ` +
        `${plural(this.wentHome, 'guest')} went home. Cash ${money(this.cash)}.`,
    );

    if (this.day === DAY_NAMES.length) {
      this.gameOver = true;
      const cashOk = this.cash >= TARGET_CASH;
      const ridesOk = this.stat('rides') >= TARGET_RIDES;
      const safe = this.stat('incidents') === 0;
      this.won = cashOk && ridesOk && safe;
      if (this.won) {
        lines.push(
          `Opening weekend done: ${money(this.cash)}, ${plural(this.stat('rides'), 'ride')} and not one incident. ` +
            'The board renews your contract. You win!',
        );
      } else {
        const missed = [];
        if (!cashOk) missed.push(`cash ${money(this.cash)} of ${money(TARGET_CASH)}`);
        if (!ridesOk) missed.push(`${this.stat('rides')} of ${TARGET_RIDES} rides`);
        if (!safe) missed.push(plural(this.stat('incidents'), 'incident'));
        lines.push(`Opening weekend done, but the board is not happy: ${missed.join('; ')}. Game over.`);
      }
      return lines.join('\n');
    }

    this.day += 1;
    this.hour = OPENING_HOUR;
    for (const lift of this.lifts) lift.ridesToday = 0;
    for (const team of this.patrol) team[1] = 'standby';
    this.startDay();
    lines.push(
      `\n${this.clock()}: a new day. Wind ${this.weather.windKph} km/h, ${this.weather.sky}. ` +
        `${plural(this.windowCount(), 'guest')} at the ticket window, ${plural(this.operatorsFree, 'operator')} ready.`,
    );
    return lines.join('\n');
  }

  // ---- what the API shows ------------------------------------------------------------------

  snapshot() {
    return {
      resort: RESORT_NAME,
      day: this.day,
      dayName: DAY_NAMES[this.day - 1],
      hour: this.hour,
      clock: this.clock(),
      hoursElapsed: this.hoursElapsed,
      cash: this.cash,
      weather: { ...this.weather },
      ticketWindow: this.ticketWindow.map(([type, n]) => [type, n]),
      ticketsSold: this.ticketsSold.map(([type, n]) => [type, n]),
      lodge: this.lodge,
      operatorsFree: this.operatorsFree,
      lifts: this.lifts.map((lift) => ({
        name: lift.name,
        kind: lift.kind,
        run: lift.run,
        status: lift.status,
        capacity: lift.capacity,
        windLimit: lift.windLimit,
        hourlyCost: lift.hourlyCost,
        loaded: lift.loaded,
        ridesToday: lift.ridesToday,
      })),
      runs: this.runs.map(([name, run]) => [name, { ...run }]),
      patrol: this.patrol.map(([team, duty]) => [team, duty]),
      casualties: this.casualties.map((c) => ({ ...c })),
      firstAid: this.firstAid,
      wentHome: this.wentHome,
      stats: this.stats.map(([name, value]) => [name, value]),
      targets: [
        ['cash', TARGET_CASH],
        ['rides', TARGET_RIDES],
      ],
      won: this.won,
      gameOver: this.gameOver,
    };
  }
}
