// Loftwing: the rules of one balloon race, kept apart from the HTTP layer.
// A game is a plain object; every command mutates it and returns the lines to print.

export const CEILING = 5;
export const FEET_PER_LEVEL = 500;
export const TURN_LIMIT = 24;
export const MORNING_TURNS = 10;
export const PROPANE_PER_LEVEL = 2;
export const HOLDING_BURN = 1;
export const MAX_BLASTS = 3;
export const COOLING_TURNS = 3;
export const MARKER_RANGE = 1;
export const MARKER_CEILING = 2;
export const LANDING_RANGE = 1;

const START = { propane: 40, ballast: 4, markers: 4 };

// km per turn at levels 1..5; positive is east, toward the finish.
const WINDS = {
  morning: [
    { level: 1, speed: 1 },
    { level: 2, speed: 2 },
    { level: 3, speed: -1 },
    { level: 4, speed: 3 },
    { level: 5, speed: 1 },
  ],
  afternoon: [
    { level: 1, speed: 1 },
    { level: 2, speed: 1 },
    { level: 3, speed: 2 },
    { level: 4, speed: 2 },
    { level: 5, speed: 4 },
  ],
};

const CHECKPOINTS = [
  { name: 'Millbrook', km: 6 },
  { name: 'Harrow Tor', km: 13 },
  { name: 'Kestrel Beacon', km: 20 },
];
const GOAL = { name: 'Loftwing Common', km: 26 };

export const HELP = `Loftwing — a hot-air balloon race.
Fly east from the launch field, throw a marker at each checkpoint in order, then land on
${GOAL.name} (km ${GOAL.km}) before the race closes at the end of turn ${TURN_LIMIT}.

Commands that fly a turn (you drift with the wind at your new level afterwards):
  burn [n]     fire the burner n blasts (1-${MAX_BLASTS}, default 1): climb n levels, ${PROPANE_PER_LEVEL} propane a level
  vent [n]     open the vent: sink n levels (default 1); sinking to level 0 lands the balloon
  drop [n]     drop n bags of ballast (default 1): climb one level a bag, no propane
  wait         hold your level and drift

Commands that take no time:
  throw        throw a marker at the next checkpoint (level ${MARKER_CEILING} or lower)
  winds [lvl]  the wind at every level for the coming turn, or at one level
  course       the checkpoints and the finish
  status       where you are and what is left aboard
  help         this text

The envelope cools: after ${COOLING_TURNS} turns aloft without a burn you sink one level.
The full rules are in RULES.md.`;

export function newGame() {
  return {
    turn: 0,
    turnLimit: TURN_LIMIT,
    race: { status: 'grounded', won: false, over: false, nextCheckpoint: CHECKPOINTS[0].name },
    balloon: {
      km: 0,
      level: 0,
      altitudeFt: 0,
      propane: START.propane,
      ballast: START.ballast,
      markers: START.markers,
      cooling: 0,
      odometerKm: 0,
    },
    course: {
      checkpoints: CHECKPOINTS.map((cp) => ({ ...cp, logged: false })),
      goal: { ...GOAL },
    },
    sky: skyFor(1),
  };
}

export function welcome(game) {
  return [
    'Welcome to the Loftwing balloon race!',
    `Your balloon stands inflated on the launch field at km 0 with ${game.balloon.propane} propane, ` +
      `${game.balloon.ballast} bags of ballast and ${game.balloon.markers} markers.`,
    `Checkpoints: ${CHECKPOINTS.map((cp) => `${cp.name} (km ${cp.km})`).join(', ')}. ` +
      `Finish: ${GOAL.name} (km ${GOAL.km}).`,
    "Type 'help' for the commands.",
  ].join('\n');
}

function windsFor(turn) {
  return turn > MORNING_TURNS ? WINDS.afternoon : WINDS.morning;
}

function skyFor(turn) {
  const period = turn > MORNING_TURNS ? 'afternoon' : 'morning';
  const winds = {};
  for (const band of windsFor(turn)) winds[band.level] = band.speed;
  return { period, winds };
}

function feet(level) {
  return level * FEET_PER_LEVEL;
}

function describeWind(speed) {
  if (speed === 0) return 'calm';
  return `${Math.abs(speed)} km a turn ${speed > 0 ? 'east' : 'west'}`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function nextCheckpoint(game) {
  return game.course.checkpoints.find((cp) => !cp.logged) ?? null;
}

function parseCount(arg, fallback) {
  if (arg === undefined) return fallback;
  if (!/^\d+$/.test(arg)) return NaN;
  return Number.parseInt(arg, 10);
}

function refuse(message) {
  return { success: false, message };
}

function accept(message) {
  return { success: true, message };
}

// ---- turn machinery -------------------------------------------------------

function drift(game, winds, lines) {
  const b = game.balloon;
  const speed = winds[b.level - 1].speed;
  b.km += speed;
  b.odometerKm += speed;
  if (speed === 0) {
    lines.push(`The air at level ${b.level} is still; you hang over km ${b.km}.`);
  } else {
    lines.push(`The wind carries you ${describeWind(speed).replace(' a turn', '')}: you are over km ${b.km}.`);
  }
}

function cool(game, burned, lines) {
  const b = game.balloon;
  if (b.level === 0) {
    b.cooling = 0;
    return;
  }
  if (burned) return;
  b.cooling += 1;
  if (b.cooling >= COOLING_TURNS) {
    b.cooling = 0;
    b.level -= 1;
    lines.push(`The envelope has cooled: you sink to level ${b.level}.`);
    if (b.level === 0) touchDown(game, lines);
  }
}

function touchDown(game, lines) {
  const b = game.balloon;
  b.cooling = 0;
  const offGoal = Math.abs(b.km - GOAL.km);
  if (offGoal <= LANDING_RANGE && nextCheckpoint(game) === null) {
    game.race.won = true;
    game.race.over = true;
    game.race.status = 'won';
    lines.push(
      `You touch down on ${GOAL.name} at km ${b.km} on turn ${game.turn}. ` +
        'The marshals wave their flags: you have finished the Loftwing race!',
    );
    return;
  }
  game.race.status = 'grounded';
  if (offGoal <= LANDING_RANGE) {
    lines.push(
      `You touch down on ${GOAL.name}, but the marshals shake their heads: ` +
        `${nextCheckpoint(game).name} has no marker of yours yet.`,
    );
  } else {
    lines.push(`You touch down in a field at km ${b.km}. Burn or drop ballast to lift off again.`);
  }
}

function flyTurn(game, lines, burned) {
  const b = game.balloon;
  const winds = windsFor(game.turn);
  game.turn += 1;
  if (b.level > 0) {
    game.race.status = 'aloft';
    drift(game, winds, lines);
  } else if (game.race.status === 'aloft') {
    touchDown(game, lines);
  }
  cool(game, burned, lines);
  b.altitudeFt = feet(b.level);
  if (!game.race.over && game.turn >= TURN_LIMIT) {
    game.race.over = true;
    game.race.status = 'lost';
    lines.push(`The race closes at the end of turn ${TURN_LIMIT}. You did not make it to ${GOAL.name} in time.`);
  }
  game.sky = skyFor(game.turn + 1);
}

// ---- commands ---------------------------------------------------------------

function burn(game, arg) {
  const b = game.balloon;
  const n = parseCount(arg, 1);
  if (!Number.isInteger(n) || n < 1 || n > MAX_BLASTS) {
    return refuse(`The burner fires 1 to ${MAX_BLASTS} blasts at a time, e.g. 'burn 2'.`);
  }
  const from = b.level;
  const climb = Math.min(n, CEILING - from);
  const lines = [];
  if (climb === 0) {
    if (b.propane < HOLDING_BURN) return refuse('The tanks are dry: there is no propane for a burn.');
    b.propane -= HOLDING_BURN;
    b.cooling = 0;
    lines.push(
      `You are at the ceiling (level ${CEILING}); a holding burn keeps the envelope warm ` +
        `for ${HOLDING_BURN} propane (${b.propane} left).`,
    );
  } else {
    const cost = climb * PROPANE_PER_LEVEL;
    if (cost > b.propane) {
      return refuse(`Climbing ${plural(climb, 'level')} needs ${cost} propane; you have ${b.propane}.`);
    }
    b.propane -= cost;
    b.level += climb;
    b.cooling = 0;
    const target = from + n;
    lines.push(
      `The burner roars: you climb to level ${target} (${feet(target)} ft) ` +
        `for ${cost} propane (${b.propane} left).`,
    );
  }
  flyTurn(game, lines, true);
  return accept(lines.join('\n'));
}

function vent(game, arg) {
  const b = game.balloon;
  const n = parseCount(arg, 1);
  if (!Number.isInteger(n) || n < 1) return refuse("Say how many levels to sink, e.g. 'vent 2'.");
  if (b.level === 0) return refuse('You are already on the ground.');
  if (n > b.level) {
    return refuse(`You are at level ${b.level}: you can sink at most ${plural(b.level, 'level')}.`);
  }
  b.level -= n;
  const lines = [
    b.level === 0
      ? 'You pull the vent wide and the balloon settles toward the ground.'
      : `You vent hot air and sink to level ${b.level} (${feet(b.level)} ft).`,
  ];
  flyTurn(game, lines, false);
  return accept(lines.join('\n'));
}

function dropBallast(game, arg) {
  const b = game.balloon;
  const n = parseCount(arg, 1);
  if (!Number.isInteger(n) || n < 1) return refuse("Say how many bags to drop, e.g. 'drop 1'.");
  if (b.ballast === 0) return refuse('There is no ballast left aboard.');
  if (n > b.ballast) return refuse(`You only carry ${plural(b.ballast, 'bag')} of ballast.`);
  if (b.level >= CEILING) return refuse(`You are at the ceiling (level ${CEILING}); ballast cannot lift you higher.`);
  const bags = Math.min(n, CEILING - b.level);
  b.level += bags;
  b.ballast -= n;
  const lines = [
    `You cut away ${plural(bags, 'bag')} of ballast and rise to level ${b.level} (${feet(b.level)} ft); ` +
      `${plural(b.ballast, 'bag')} left.`,
  ];
  flyTurn(game, lines, false);
  return accept(lines.join('\n'));
}

function wait(game) {
  const lines = [game.balloon.level === 0 ? 'You wait on the ground.' : 'You hold your level.'];
  flyTurn(game, lines, false);
  return accept(lines.join('\n'));
}

function throwMarker(game) {
  const b = game.balloon;
  const cp = nextCheckpoint(game);
  if (cp === null) return refuse('Every checkpoint is logged. Head for the finish!');
  if (b.level === 0) return refuse('Markers are thrown from the air, not from the ground.');
  if (b.level > MARKER_CEILING) {
    return refuse(`You are too high to aim: come down to level ${MARKER_CEILING} or lower.`);
  }
  if (b.markers === 0) return refuse('You have no markers left.');
  b.markers -= 1;
  const miss = Math.abs(b.km - cp.km);
  const left = `${plural(b.markers, 'marker')} left`;
  if (miss < MARKER_RANGE) {
    cp.logged = true;
    const next = nextCheckpoint(game);
    game.race.nextCheckpoint = next ? next.name : null;
    const where = miss === 0 ? 'right on the cross' : `${miss} km from the cross`;
    const after = next ? `Next: ${next.name} at km ${next.km}.` : `Now land on ${GOAL.name}!`;
    return accept(`Your marker lands ${where} at ${cp.name}: logged! ${after} (${left})`);
  }
  return accept(
    `Your marker lands ${miss} km from the cross at ${cp.name}: too far, it does not count. (${left})`,
  );
}

function winds(game, arg) {
  const turn = game.turn + 1;
  const table = windsFor(turn);
  const period = turn > MORNING_TURNS ? 'afternoon' : 'morning';
  if (arg !== undefined) {
    const level = Number.parseInt(arg, 10);
    if (Number.isNaN(level) || level < 1) return refuse("Ask for a level from 1 up, e.g. 'winds 3'.");
    const band = table[level - 1];
    return accept(`Turn ${turn} (${period}), level ${level} (${feet(level)} ft): ${describeWind(band.speed)}.`);
  }
  const rows = table.map((band) => `  level ${band.level} (${feet(band.level)} ft): ${describeWind(band.speed)}`);
  return accept([`Winds for turn ${turn} (${period}):`, ...rows, '  level 0 (ground): calm'].join('\n'));
}

function course(game) {
  const b = game.balloon;
  const rows = game.course.checkpoints.map(
    (cp) => `  ${cp.logged ? '[x]' : '[ ]'} ${cp.name} at km ${cp.km}`,
  );
  return accept(
    [
      'The course, west to east:',
      ...rows,
      `  finish: ${GOAL.name} at km ${GOAL.km} (land within ${LANDING_RANGE} km)`,
      `You are over km ${b.km}.`,
    ].join('\n'),
  );
}

export function statusText(game) {
  const b = game.balloon;
  const cp = nextCheckpoint(game);
  const where = b.level === 0 ? `on the ground at km ${b.km}` : `at level ${b.level} (${b.altitudeFt} ft) over km ${b.km}`;
  return [
    `Turn ${game.turn} of ${TURN_LIMIT}: you are ${where}.`,
    `Aboard: ${b.propane} propane, ${plural(b.ballast, 'bag')} of ballast, ${plural(b.markers, 'marker')}.`,
    cp ? `Next checkpoint: ${cp.name} at km ${cp.km}.` : `All checkpoints logged; finish at ${GOAL.name} (km ${GOAL.km}).`,
  ].join('\n');
}

const FLYING = {
  burn,
  vent,
  drop: dropBallast,
  ballast: dropBallast,
  wait,
  throw: throwMarker,
  marker: throwMarker,
};

export function runCommand(game, input) {
  const words = String(input).trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return refuse("Type a command, or 'help'.");
  const [verb, arg] = words;
  switch (verb) {
    case 'help':
    case '?':
      return accept(HELP);
    case 'status':
    case 'look':
      return accept(statusText(game));
    case 'winds':
    case 'wind':
      return winds(game, arg);
    case 'course':
    case 'map':
      return course(game);
    default:
      break;
  }
  const action = FLYING[verb];
  if (!action) return refuse(`I don't know '${verb}'. Type 'help' for the commands.`);
  if (game.race.over) {
    return refuse(game.race.won ? 'You have already finished the race.' : 'The race is closed.');
  }
  return action(game, arg);
}
