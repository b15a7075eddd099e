'use strict';

// Tollbooth: one shift at Hatherley Top Lock.
// The engine is pure: every command takes the shift's state and changes it in place.

const SHIFT_START = 6 * 60; // 06:00
const SHIFT_END = 14 * 60; // 14:00
const CHAMBER_FT = 72;
const LONG_BOAT_FT = 50;
const MIN_TOLL = 30;
const BOATS_TO_PASS = 6;

const CARGO_RATES = { coal: 3, timber: 3, grain: 2, stone: 4, light: 0 };

const MINUTES = {
  open: 2,
  shut: 2,
  fill: 10,
  empty: 8,
  admit: 5,
  release: 5,
  toll: 2,
  refund: 2,
};

// The day's timetable: who turns up, when, and on which side of the lock.
const TIMETABLE = [
  { name: 'Kestrel', lengthFt: 70, cargo: 'coal', tons: 20, side: 'below', due: '06:00' },
  { name: 'Dabchick', lengthFt: 22, cargo: 'light', tons: 0, side: 'above', due: '06:00' },
  { name: 'Heron', lengthFt: 50, cargo: 'grain', tons: 15, side: 'below', due: '06:20' },
  { name: 'Mayfly', lengthFt: 30, cargo: 'timber', tons: 8, side: 'above', due: '06:30' },
  { name: 'Otter', lengthFt: 45, cargo: 'stone', tons: 12, side: 'below', due: '07:00' },
  { name: 'Bittern', lengthFt: 62, cargo: 'coal', tons: 18, side: 'above', due: '07:30' },
  { name: 'Wren', lengthFt: 18, cargo: 'light', tons: 0, side: 'below', due: '08:00' },
  { name: 'Coot', lengthFt: 40, cargo: 'grain', tons: 10, side: 'above', due: '08:30' },
];

const HELP = [
  'Lock-keeper\'s orders (one per line, not case sensitive):',
  '',
  '  look                 the lock, the gates, the chamber and the clock',
  '  queue                boats waiting below and above the lock',
  '  book                 the tally book and what the cashbox should hold',
  '  open upper|lower     open a gate (the water must be level with that side)',
  '  shut upper|lower     shut a gate (also: close)',
  '  fill                 let water in until the chamber is level with the upper pound',
  '  empty                let water out until the chamber is level with the lower pound',
  '  admit [boat]         wave a boat in through the open gate (first in line if no name)',
  '  toll <boat>          collect a boat\'s toll and enter it in the book',
  '  refund <boat>        hand back a toll while the boat is still in the chamber',
  '  release              let every paid boat out through the open gate',
  '  wait [minutes]       let the clock run (10 minutes if not said, at most 120)',
  '  sign off             end your shift',
  '  help                 this list',
  '',
  'See docs/rules.md for tolls, times and what makes a good shift.',
].join('\n');

function toMinutes(hhmm) {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

function clockText(minute) {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function money(pence) {
  return `${pence}p`;
}

function newShift() {
  const state = {
    clock: clockText(SHIFT_START),
    minute: SHIFT_START,
    lock: {
      level: 'low',
      gates: { upper: 'shut', lower: 'open' },
      chamber: [],
      chamberFt: CHAMBER_FT,
      lockings: 0,
    },
    queues: { below: [], above: [] },
    due: TIMETABLE.map((b) => ({ ...b })),
    cashbox: 0,
    book: [],
    passed: { up: 0, down: 0, boats: [] },
    shift: { ends: clockText(SHIFT_END), over: false, won: false, verdict: null },
  };
  arrivals(state);
  return state;
}

function arrivals(state) {
  const still = [];
  for (const boat of state.due) {
    if (toMinutes(boat.due) <= state.minute) {
      const { due, ...rest } = boat;
      state.queues[boat.side].push({ ...rest, arrived: due, paid: false, ticket: null });
    } else {
      still.push(boat);
    }
  }
  state.due = still;
}

function findBoat(list, name) {
  const wanted = name.toLowerCase();
  return list.findIndex((b) => b.name.toLowerCase() === wanted);
}

function usedFt(state) {
  return state.lock.chamber.reduce((sum, b) => sum + b.lengthFt, 0);
}

function bookTotal(state) {
  return state.book.reduce((sum, line) => sum + line.toll, 0);
}

function openGate(state) {
  const { gates } = state.lock;
  if (gates.upper === 'open') return 'upper';
  if (gates.lower === 'open') return 'lower';
  return null;
}

// Boats waiting below come in through the lower gate and go out through the upper one.
function entryGate(side) {
  return side === 'below' ? 'lower' : 'upper';
}

function exitGate(boat) {
  return boat.side === 'below' ? 'upper' : 'lower';
}

function tollFor(boat) {
  const perFoot = boat.lengthFt > LONG_BOAT_FT ? 2 : 1;
  const lengthCharge = boat.lengthFt * perFoot;
  const cargoCharge = (CARGO_RATES[boat.cargo] || 0) * boat.tons;
  return { lengthCharge, cargoCharge, total: lengthCharge + cargoCharge };
}

function ok(message) {
  return { success: true, message };
}

function refuse(message) {
  return { success: false, message };
}

function finish(state, why) {
  const through = state.passed.boats.length;
  const balanced = state.cashbox === bookTotal(state);
  const clear = state.lock.chamber.length === 0;
  state.shift.over = true;
  state.shift.won = through >= BOATS_TO_PASS && balanced && clear;
  const lines = [why];
  lines.push(`Boats through the lock: ${through} (the Company asks for ${BOATS_TO_PASS}).`);
  lines.push(`Cashbox ${money(state.cashbox)}, tally book ${money(bookTotal(state))}: ${balanced ? 'they agree' : 'they do NOT agree'}.`);
  if (!clear) lines.push(`You leave ${state.lock.chamber.length} boat(s) sitting in the chamber.`);
  if (state.shift.won) {
    state.shift.verdict = 'good';
    lines.push('The inspector signs your book: a good shift. You win.');
  } else {
    state.shift.verdict = 'poor';
    lines.push('The inspector frowns at your book. The shift is over, and not well.');
  }
  return lines.join('\n');
}

function advance(state, minutes) {
  state.minute = Math.min(state.minute + minutes, SHIFT_END);
  state.clock = clockText(state.minute);
  arrivals(state);
}

// Runs after every timed order: the shift ends by itself at 14:00.
function clockCheck(state, result) {
  if (!state.shift.over && state.minute >= SHIFT_END) {
    result.message += '\n\n' + finish(state, 'The relief keeper arrives at 14:00 and takes the windlass from you.');
  }
  return result;
}

function describe(state) {
  const { lock } = state;
  const lines = [];
  lines.push(`${state.clock} at Hatherley Top Lock. Your shift ends at ${state.shift.ends}.`);
  lines.push(`The chamber is ${lock.level === 'high' ? 'full, level with the upper pound' : 'empty, level with the lower pound'}.`);
  lines.push(`Upper gate: ${lock.gates.upper}. Lower gate: ${lock.gates.lower}.`);
  if (lock.chamber.length) {
    const boats = lock.chamber.map((b) => `${b.name} (${b.lengthFt} ft, ${b.paid ? 'paid' : 'not paid'})`);
    lines.push(`In the chamber: ${boats.join(', ')}. ${CHAMBER_FT - usedFt(state)} ft of room left.`);
  } else {
    lines.push(`The chamber is clear: ${CHAMBER_FT} ft of room.`);
  }
  lines.push(`Waiting below: ${state.queues.below.length}. Waiting above: ${state.queues.above.length}.`);
  lines.push(`Boats through today: ${state.passed.boats.length}. Cashbox: ${money(state.cashbox)}.`);
  return lines.join('\n');
}

function boatLine(b) {
  const load = b.cargo === 'light' ? 'running light' : `${b.tons} tons of ${b.cargo}`;
  return `${b.name}, ${b.lengthFt} ft, ${load}, waiting since ${b.arrived}`;
}

function showQueue(state) {
  const lines = [];
  for (const side of ['below', 'above']) {
    const q = state.queues[side];
    lines.push(`${side === 'below' ? 'Below the lock (going up)' : 'Above the lock (going down)'}:`);
    if (!q.length) lines.push('  nobody');
    q.forEach((b, i) => lines.push(`  ${i + 1}. ${boatLine(b)}`));
  }
  if (state.due.length) {
    lines.push(`More boats are expected before the shift is out.`);
  }
  return lines.join('\n');
}

function showBook(state) {
  if (!state.book.length) return 'The tally book is blank. Cashbox: ' + money(state.cashbox) + '.';
  const lines = ['Tally book, Hatherley Top Lock:'];
  for (const line of state.book) {
    const load = line.cargo === 'light' ? 'light' : `${line.tons}t ${line.cargo}`;
    lines.push(`  No. ${line.ticket}  ${line.time}  ${line.boat.padEnd(9)} ${String(line.lengthFt).padStart(3)} ft  ${load.padEnd(12)} ${money(line.toll)}`);
  }
  lines.push(`Total in the book: ${money(bookTotal(state))}. Cashbox: ${money(state.cashbox)}.`);
  return lines.join('\n');
}

function cmdOpen(state, which) {
  const { lock } = state;
  if (which !== 'upper' && which !== 'lower') return refuse('Open which gate? Say "open upper" or "open lower".');
  if (lock.gates[which] === 'open') return refuse(`The ${which} gate is already open.`);
  const other = which === 'upper' ? 'lower' : 'upper';
  if (lock.gates[other] === 'open') return refuse(`Shut the ${other} gate first, or you will drain the canal.`);
  const needed = which === 'upper' ? 'high' : 'low';
  if (lock.level !== needed) {
    return refuse(`The water pushes the ${which} gate shut: ${which === 'upper' ? 'fill' : 'empty'} the chamber first.`);
  }
  lock.gates[which] = 'open';
  advance(state, MINUTES.open);
  return ok(`You lean on the balance beam and the ${which} gate swings open. ${state.clock}.`);
}

function cmdShut(state, which) {
  const { lock } = state;
  if (!which) which = openGate(state);
  if (!which) return refuse('Both gates are already shut.');
  if (which !== 'upper' && which !== 'lower') return refuse('Shut which gate? Say "shut upper" or "shut lower".');
  if (lock.gates[which] === 'shut') return refuse(`The ${which} gate is already shut.`);
  lock.gates[which] = 'shut';
  advance(state, MINUTES.shut);
  return ok(`The ${which} gate thuds shut. ${state.clock}.`);
}

function cmdFill(state) {
  const { lock } = state;
  if (lock.level === 'high') return refuse('The chamber is already full.');
  if (lock.gates.lower === 'open') return refuse('The lower gate is open: the water would run straight out. Shut it first.');
  lock.level = 'high';
  lock.lockings += 1;
  advance(state, MINUTES.fill);
  return ok(`You wind up the ground paddles. The chamber fills to the upper pound. ${state.clock}.`);
}

function cmdEmpty(state) {
  const { lock } = state;
  if (lock.level === 'low') return refuse('The chamber is already empty.');
  if (lock.gates.upper === 'open') return refuse('The upper gate is open: you would empty the whole pound. Shut it first.');
  lock.level = 'low';
  lock.lockings += 1;
  advance(state, MINUTES.empty);
  return ok(`You draw the gate paddles. The chamber drops to the lower pound. ${state.clock}.`);
}

function cmdAdmit(state, name) {
  const gate = openGate(state);
  if (!gate) return refuse('Both gates are shut. Open the gate on the boat\'s side first.');
  const side = gate === 'lower' ? 'below' : 'above';
  const queue = state.queues[side];
  if (!queue.length) return refuse(`Nobody is waiting ${side} the lock.`);
  let idx = 0;
  if (name) {
    idx = findBoat(queue, name);
    if (idx < 0) {
      const other = side === 'below' ? 'above' : 'below';
      if (findBoat(state.queues[other], name) >= 0) {
        return refuse(`${name} is waiting ${other} the lock; the ${entryGate(other)} gate is shut.`);
      }
      return refuse(`There is no boat called "${name}" waiting ${side} the lock.`);
    }
  }
  const [boat] = queue.splice(idx, 1);
  const room = CHAMBER_FT - usedFt(state);
  if (boat.lengthFt > room) {
    return refuse(`${boat.name} is ${boat.lengthFt} ft long and there is only ${room} ft of chamber free.`);
  }
  state.lock.chamber.push(boat);
  advance(state, MINUTES.admit);
  return ok(`${boat.name} slides into the chamber (${boat.lengthFt} ft). ${CHAMBER_FT - usedFt(state)} ft of room left. ${state.clock}.`);
}

function cmdToll(state, name) {
  if (!name) return refuse('Toll which boat? Say "toll <boat>".');
  const boat = state.lock.chamber.find((b) => b.name.toLowerCase() === name.toLowerCase());
  if (!boat) return refuse(`There is no boat called "${name}" in the chamber. Tolls are taken in the lock.`);
  if (boat.paid) return refuse(`${boat.name} has already paid (ticket No. ${boat.ticket}).`);
  const { total } = tollFor(boat);
  const due = Math.max(total, MIN_TOLL);
  advance(state, MINUTES.toll);
  const ticket = state.book.length + 1;
  state.book.push({
    ticket,
    time: state.clock,
    boat: boat.name,
    lengthFt: boat.lengthFt,
    cargo: boat.cargo,
    tons: boat.tons,
    toll: due,
  });
  state.cashbox += due;
  boat.paid = true;
  boat.ticket = ticket;
  return ok(`${boat.name}'s skipper hands over ${money(total)}. Ticket No. ${ticket} entered in the book. ${state.clock}.`);
}

function cmdRefund(state, name) {
  if (!name) return refuse('Refund which boat? Say "refund <boat>".');
  const boat = state.lock.chamber.find((b) => b.name.toLowerCase() === name.toLowerCase());
  if (!boat) return refuse(`There is no boat called "${name}" in the chamber. Only a boat still in the lock can be refunded.`);
  const at = state.book.findIndex((line) => line.ticket === boat.ticket && line.boat === boat.name);
  const line = state.book[at];
  state.cashbox -= line.toll;
  state.book.splice(at, 1);
  boat.paid = false;
  boat.ticket = null;
  advance(state, MINUTES.refund);
  return ok(`You count ${money(line.toll)} back into the skipper's hand and strike ticket No. ${line.ticket} from the book. ${state.clock}.`);
}

function cmdRelease(state) {
  const gate = openGate(state);
  if (!gate) return refuse('Both gates are shut. Nobody can leave.');
  const leaving = state.lock.chamber.filter((b) => exitGate(b) === gate);
  if (!leaving.length) {
    if (state.lock.chamber.length) return refuse(`Nobody in the chamber is going out through the ${gate} gate.`);
    return refuse('The chamber is empty.');
  }
  const unpaid = leaving.filter((b) => !b.paid);
  if (unpaid.length) {
    return refuse(`Not so fast: ${unpaid.map((b) => b.name).join(' and ')} ha${unpaid.length > 1 ? 've' : 's'} not paid the toll.`);
  }
  state.lock.chamber = state.lock.chamber.filter((b) => !leaving.includes(b));
  for (const b of leaving) {
    state.passed[b.side === 'above' ? 'up' : 'down'] += 1;
    state.passed.boats.push(b.name);
  }
  advance(state, MINUTES.release);
  const names = leaving.map((b) => b.name).join(' and ');
  const where = gate === 'upper' ? 'on up the canal' : 'away down the canal';
  return ok(`${names} ${leaving.length > 1 ? 'work' : 'works'} out of the lock and ${leaving.length > 1 ? 'head' : 'heads'} ${where}. Boats through today: ${state.passed.boats.length}. ${state.clock}.`);
}

function cmdWait(state, arg) {
  let minutes = 10;
  if (arg !== undefined && arg !== '') {
    if (!/^\d+$/.test(arg)) return refuse('Wait how long? Say "wait" or "wait <minutes>", e.g. "wait 15".');
    minutes = Number(arg);
    if (minutes < 1 || minutes > 120) return refuse('You can wait between 1 and 120 minutes at a time.');
  }
  const before = state.queues.below.length + state.queues.above.length;
  advance(state, minutes);
  const after = state.queues.below.length + state.queues.above.length;
  const news = after > before ? ` ${after - before} boat${after - before > 1 ? 's' : ''} tied up to wait for the lock.` : '';
  return ok(`You sit on the balance beam. ${state.clock}.${news}`);
}

const TIMED = new Set(['open', 'shut', 'fill', 'empty', 'admit', 'toll', 'refund', 'release', 'wait']);

function run(state, input) {
  const text = String(input).trim().replace(/\s+/g, ' ');
  if (!text) return refuse('Say something. Type "help" for the list of orders.');
  if (state.shift.over) return refuse('Your shift is over. Start a new game to work another.');
  const words = text.split(' ');
  let verb = words[0].toLowerCase();
  let arg = words.slice(1).join(' ');
  if (verb === 'close') verb = 'shut';
  if (verb === 'sign' && arg.toLowerCase() === 'off') { verb = 'signoff'; arg = ''; }
  if (verb === 'l') verb = 'look';
  if ((verb === 'open' || verb === 'shut') && arg) {
    arg = arg.toLowerCase().replace(/ gate$/, '');
    if (arg === 'top') arg = 'upper';
    if (arg === 'bottom') arg = 'lower';
  }

  let result;
  switch (verb) {
    case 'help': return ok(HELP);
    case 'look': return ok(describe(state));
    case 'queue': return ok(showQueue(state));
    case 'book': return ok(showBook(state));
    case 'open': result = cmdOpen(state, arg); break;
    case 'shut': result = cmdShut(state, arg); break;
    case 'fill': result = cmdFill(state); break;
    case 'empty': result = cmdEmpty(state); break;
    case 'admit': result = cmdAdmit(state, arg); break;
    case 'toll': result = cmdToll(state, arg); break;
    case 'refund': result = cmdRefund(state, arg); break;
    case 'release': result = cmdRelease(state); break;
    case 'wait': result = cmdWait(state, arg); break;
    case 'signoff': return ok(finish(state, `You sign off at ${state.clock}.`));
    default:
      return refuse(`"${words[0]}" is not an order the lock-keeper knows. Type "help".`);
  }
  if (TIMED.has(verb) && result.success) clockCheck(state, result);
  return result;
}

module.exports = {
  newShift,
  run,
  tollFor,
  HELP,
  TIMETABLE,
  CHAMBER_FT,
  MIN_TOLL,
  SHIFT_END,
};
