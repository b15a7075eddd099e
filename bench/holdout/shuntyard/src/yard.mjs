// Shunt Yard: the yard, its wagons and the notation the shunter writes.

export const CAPACITY = { H: 3, A: 5, B: 3, C: 3 };
export const TRACKS = Object.keys(CAPACITY);
export const HAUL_LIMIT = 3;
export const MOVE_LIMIT = 20;
export const DEPARTURE_ROAD = 'A';
export const BASE_SCORE = 100;
export const SCORE_PER_SPARE_MOVE = 10;

export const WAGONS = {
  '07': { cargo: 'grain', tonnes: 28 },
  '12': { cargo: 'coal', tonnes: 34 },
  '19': { cargo: 'lime', tonnes: 30 },
  '28': { cargo: 'timber', tonnes: 22 },
  '33': { cargo: 'oil', tonnes: 40 },
  '41': { cargo: 'steel', tonnes: 46 },
  '55': { cargo: 'clay', tonnes: 26 },
  '64': { cargo: 'salt', tonnes: 24 },
};

// Each siding is listed from the yard throat (where the loco stands) to the buffer stop.
const START = { H: [], A: ['41', '07', '28'], B: ['19', '33', '64'], C: ['12', '55'] };
export const REQUIRED = ['12', '07', '33', '41', '28'];

const HELP =
  'Shunt Yard: assemble the outbound train on siding A and send it away. ' +
  'The yard has a headshunt H (3 wagons) and sidings A (5), B (3) and C (3); every track is read from the ' +
  'throat, where the loco [L] stands, to the buffer stop, and in the yard strings a dash is a coupling while a ' +
  'space is a gap between wagons left standing. Write "A>B" to run the loco from A to B with whatever is on its ' +
  'hook (">B" alone runs it from where it is); each run is one move, you have 20, and a run is refused when the ' +
  'hook would not fit beside the wagons already standing on the far track. Write "+33" to couple up every ' +
  'standing wagon between the loco and wagon 33, 33 included (the loco draws at most 3 wagons), "-33" to cut ' +
  'the hook in front of 33 so that 33 and everything behind it stay where they are, and "-" alone to uncouple ' +
  'the whole hook; couplings cost no moves. "#33" shows wagon 33, "=" shows the yard, "undo" takes back your ' +
  'last command, and "depart" sends the train when the loco stands on A and A holds exactly the required ' +
  'wagons in the required order, read from the throat. Score on departure: 100, plus 10 for every move left.';

export function newGame() {
  const g = {
    tracks: Object.fromEntries(TRACKS.map((t) => [t, [...START[t]]])),
    loco: { track: 'H', hook: [] },
    coupled: Object.fromEntries(Object.keys(WAGONS).map((n) => [n, false])),
    moves: 0,
    score: 0,
    departed: false,
    history: [],
  };
  return g;
}

export function welcome(g) {
  return finish(g, `Shunt Yard. Make up ${REQUIRED.join('-')} on A, loco end first, and depart. ? for help.`);
}

function finish(g, text) {
  return `${text} (move ${g.moves}/${MOVE_LIMIT})`;
}

function ok(g, text) {
  return { success: true, message: finish(g, text) };
}

function fail(g, text) {
  return { success: false, message: finish(g, text) };
}

function wagonId(raw) {
  return raw.length === 1 ? `0${raw}` : raw;
}

export function trackString(g, t) {
  const head = g.loco.track === t ? ['[L]', ...g.loco.hook].join('-') : '';
  return [head, g.tracks[t].join(' ')].filter(Boolean).join(' ');
}

function whereIs(g, n) {
  if (g.loco.hook.includes(n)) return g.loco.track;
  return TRACKS.find((t) => g.tracks[t].includes(n)) ?? null;
}

function tonnes(list) {
  return list.reduce((sum, n) => sum + WAGONS[n].tonnes, 0);
}

export function view(g) {
  const wagons = {};
  for (const n of Object.keys(WAGONS)) {
    wagons[n] = { ...WAGONS[n], track: whereIs(g, n), coupled: g.coupled[n] };
  }
  return {
    yard: Object.fromEntries(TRACKS.map((t) => [t, trackString(g, t)])),
    capacity: { ...CAPACITY },
    loco: { track: g.loco.track, hook: g.loco.hook.join('-'), tonnes: tonnes(g.loco.hook) },
    wagons,
    required: REQUIRED.join('-'),
    moves: g.moves,
    move_limit: MOVE_LIMIT,
    score: g.score,
    departed: g.departed,
    won: g.departed,
  };
}

function snapshot(g) {
  return {
    tracks: Object.fromEntries(TRACKS.map((t) => [t, [...g.tracks[t]]])),
    loco: { track: g.loco.track, hook: g.loco.hook },
    coupled: { ...g.coupled },
    moves: g.moves,
  };
}

function yardLine(g) {
  return TRACKS.map((t) => `${t}: ${trackString(g, t) || '(empty)'}`).join(' | ');
}

function move(g, from, to) {
  if (!(from in CAPACITY)) return fail(g, `There is no track ${from} here; the tracks are H, A, B and C.`);
  if (g.loco.track !== from) return fail(g, `The loco stands on ${g.loco.track}, not on ${from}.`);
  if (from === to) return fail(g, `The loco is already on ${to}.`);
  const room = CAPACITY[to] - g.tracks[to].length;
  if (g.loco.hook.length > room) {
    return fail(g, `No room on ${to}: ${g.loco.hook.length} on the hook, ${room} free of ${CAPACITY[to]}.`);
  }
  if (g.moves > MOVE_LIMIT) return fail(g, 'No moves left: undo, or depart if the train is ready.');
  g.history.push(snapshot(g));
  g.loco.track = to;
  g.moves += 1;
  const load = g.loco.hook.length ? ` with ${g.loco.hook.join('-')}` : ' light';
  return ok(g, `${from}>${to}: loco runs${load}. ${to}: ${trackString(g, to)}.`);
}

function couple(g, n) {
  const t = g.loco.track;
  const standing = g.tracks[t];
  const i = standing.indexOf(n);
  if (i < 0) {
    const at = whereIs(g, n);
    if (!at) return fail(g, `No wagon ${n} in this yard.`);
    if (g.loco.hook.includes(n)) return fail(g, `${n} is already on the hook.`);
    return fail(g, `${n} stands on ${at}; the loco is on ${t}.`);
  }
  if (g.loco.hook.length > HAUL_LIMIT) {
    return fail(g, `The loco draws at most ${HAUL_LIMIT} wagons; that would make ${g.loco.hook.length + i + 1}.`);
  }
  g.history.push(snapshot(g));
  const taken = standing.splice(0, i + 1);
  g.loco.hook.push(...taken);
  for (const w of taken) g.coupled[w] = true;
  return ok(g, `+${n}: coupled ${taken.join('-')}. Hook ${g.loco.hook.join('-')}, ${tonnes(g.loco.hook)} t.`);
}

function uncouple(g, n) {
  const t = g.loco.track;
  const hook = g.loco.hook;
  if (!hook.length) return fail(g, 'Nothing on the hook to uncouple.');
  const i = n === null ? 0 : hook.indexOf(n);
  if (i < 0) {
    if (!(n in WAGONS)) return fail(g, `No wagon ${n} in this yard.`);
    return fail(g, `${n} is not on the hook; the hook is ${hook.join('-')}.`);
  }
  g.history.push(snapshot(g));
  const cut = hook.slice(i);
  g.coupled[cut[0]] = false;
  const kept = hook.slice(0, i);
  g.tracks[t] = cut.concat(g.tracks[t]);
  g.loco.hook = kept;

  const left = `${cut.join('-')} left standing on ${t}`;
  if (!kept.length) return ok(g, `Uncoupled: ${left}; the loco is light.`);
  const onHook = hook.length === 1 ? '1 wagon' : `${hook.length} wagons`;
  return ok(g, `-${cut[0]}: ${left}; ${onHook} still on the hook (${kept.join('-')}).`);
}

function undo(g) {
  const last = g.history.pop();
  if (!last) return fail(g, 'Nothing to undo.');
  g.tracks = last.tracks;
  g.loco = last.loco;
  g.coupled = last.coupled;
  g.moves = last.moves;
  return ok(g, `Undone. ${yardLine(g)}.`);
}

function wagonInfo(g, n) {
  if (!(n in WAGONS)) return fail(g, `No wagon ${n} in this yard.`);
  const w = WAGONS[n];
  const at = whereIs(g, n);
  const hooked = g.loco.hook.includes(n) ? 'on the hook' : 'standing';
  const wanted = REQUIRED.indexOf(n);
  const role = wanted < 0 ? 'not in the outbound train' : `wanted at place ${wanted + 1} of ${REQUIRED.length}`;
  return ok(g, `#${n}: ${w.cargo}, ${w.tonnes} t, ${hooked} on ${at}, ${role}.`);
}

function depart(g) {
  const t = DEPARTURE_ROAD;
  if (g.loco.track !== t) return fail(g, `The train leaves from ${t}; the loco stands on ${g.loco.track}.`);
  const train = [...g.loco.hook, ...g.tracks[t]];
  const wanted = REQUIRED.join('-');
  const got = train.join('-') || 'nothing';
  if (got !== wanted) return fail(g, `Not ready: ${t} holds ${got}, the order is ${wanted}.`);
  g.departed = true;
  g.score = BASE_SCORE + SCORE_PER_SPARE_MOVE * (MOVE_LIMIT - g.moves);
  g.history = [];
  return ok(g, `Right away! ${wanted} departs, ${tonnes(train)} t. Score ${g.score}.`);
}

export function play(g, raw) {
  const text = String(raw).trim().replace(/\s+/g, ' ');
  if (!text) return fail(g, 'Write a move such as A>B, or ? for help.');
  const lower = text.toLowerCase();
  if (lower === '?' || lower === 'help') return ok(g, HELP);
  if (lower === '=' || lower === 'look') return ok(g, `${yardLine(g)}. Wanted on A: ${REQUIRED.join('-')}.`);
  if (g.departed) return fail(g, 'The train has gone. Start a new game for another turn in the yard.');
  if (lower === 'undo') return undo(g);
  if (lower === 'depart') return depart(g);
  const upper = text.toUpperCase();
  let m = upper.match(/^([A-Z])? ?> ?([A-Z])$/);
  if (m) return move(g, m[1] ?? g.loco.track, m[2]);
  m = upper.match(/^\+ ?(\d{1,2})$/);
  if (m) return couple(g, wagonId(m[1]));
  m = upper.match(/^- ?(\d{1,2})?$/);
  if (m) return uncouple(g, m[1] === undefined ? null : wagonId(m[1]));
  m = upper.match(/^# ?(\d{1,2})$/);
  if (m) return wagonInfo(g, wagonId(m[1]));
  if (upper === '+') return fail(g, 'Couple up to which wagon? Write +33.');
  return fail(g, `Cannot read "${text.slice(0, 40)}". Moves look like A>B, couplings +33 or -33; ? for help.`);
}
