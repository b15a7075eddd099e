'use strict';
// Game rules. State is shaped for our React client: scene / hero / meta.

const HELP = [
  '== EMBER ==',
  '  fetch coal      -- from the coal shed',
  '  fetch water     -- from the well',
  '  feed            -- add coal to the forge',
  '  quench          -- cool the blade',
  '  go <place>      -- shed, well, forge',
  '  inspect         -- what is around you',
].join('\n');

const PLACES = { forge: ['shed', 'well'], shed: ['forge'], well: ['forge'] };

function fresh() {
  return {
    scene: { place: 'forge', exits: PLACES.forge.slice() },
    hero: { carrying: [], heat: 0 },
    meta: { won: false, turn: 0 },
  };
}

function act(s, line) {
  s.meta.turn += 1;
  const [verb, ...rest] = String(line).trim().toLowerCase().split(/\s+/);
  const arg = rest.join(' ');
  if (s.meta.won) return [false, 'The blade is finished.'];
  switch (verb) {
    case 'help': return [true, HELP];
    case 'inspect': return [true, `You are at the ${s.scene.place}. Ways: ${s.scene.exits.join(', ')}.`];
    case 'go':
      if (!PLACES[s.scene.place].includes(arg)) return [false, `You cannot go to "${arg}" from here.`];
      s.scene.place = arg;
      s.scene.exits = PLACES[arg].slice();
      return [true, `You go to the ${arg}.`];
    case 'fetch': {
      const where = { coal: 'shed', water: 'well' }[arg];
      if (!where) return [false, 'Fetch what?'];
      if (s.scene.place !== where) return [false, `There is no ${arg} here.`];
      s.hero.carrying.push(arg);
      return [true, `You carry some ${arg}.`];
    }
    case 'feed': {
      const i = s.hero.carrying.indexOf('coal');
      if (s.scene.place !== 'forge' || i < 0) return [false, 'Nothing to feed the forge with.'];
      s.hero.carrying.splice(i, 1);
      s.hero.heat += 1;
      return [true, 'The forge roars.'];
    }
    case 'quench': {
      const i = s.hero.carrying.indexOf('water');
      if (s.scene.place !== 'forge' || i < 0 || s.hero.heat < 1) return [false, 'The blade is not ready.'];
      s.hero.carrying.splice(i, 1);
      s.meta.won = true;
      return [true, 'Hiss! The blade is tempered. You win.'];
    }
    default: return [false, `Unknown command "${verb}". Type help.`];
  }
}

module.exports = { fresh, act, HELP };
