// The numbers of the outpost, as the handbook states them.

export const RESOURCES = ['food', 'ore', 'alloy'];
export const START_STOCK = { food: 20, ore: 10, alloy: 0 };
export const BASE_CAPS = { food: 40, ore: 30, alloy: 20 };
export const SILO_CAP_PER_LEVEL = 20;

export const JOBS = ['idle', 'mine', 'farm', 'build'];
export const OUTDOOR_JOBS = ['mine', 'build'];
export const MAX_HEALTH = 10;
export const MEAL = 2;
export const HUNGER_LOSS = 3;
export const REST_GAIN = 1;

export const MINE_BASE = 2;
export const RIG_BONUS_PER_LEVEL = 1;
export const FARM_BASE = 2;
export const GREENHOUSE_BONUS_PER_LEVEL = 2;
export const BUILDER_WORK = 2;
export const SMELT_ORE = 4;
export const SMELT_ALLOY = 2;

export const STORM_EVERY = 3;
export const STORM_STRUCTURE_DAMAGE = 4;
export const STORM_HEALTH_LOSS = 2;

export const MAX_LEVEL = 3;
export const LEVEL_HP = 4;
export const REPAIR_ORE = 2;

export const COLONISTS = ['Ada', 'Brann', 'Cole', 'Dara'];

// Habitat is the starting shelter: it has no cost, so it cannot be built or dismantled.
export const BLUEPRINTS = {
  habitat: { title: 'Habitat', maxHp: 20 },
  greenhouse: { title: 'Greenhouse', cost: { ore: 6 }, work: 4, maxHp: 12 },
  drillrig: { title: 'Drill Rig', cost: { ore: 6 }, work: 4, maxHp: 12 },
  smelter: { title: 'Smelter', cost: { ore: 8 }, work: 6, maxHp: 16 },
  silo: { title: 'Silo', cost: { ore: 6, alloy: 2 }, work: 4, maxHp: 16 },
  beacon: { title: 'Beacon', cost: { ore: 6, alloy: 10 }, work: 10, maxHp: 24 },
};

export const UPGRADES = {
  greenhouse: { orePerLevel: 4 },
  drillrig: { orePerLevel: 4 },
  smelter: { orePerLevel: 4 },
  silo: { orePerLevel: 4 },
};

export const START_STRUCTURES = ['habitat', 'greenhouse', 'drillrig'];

export function isStormDay(day) {
  return day % STORM_EVERY === 0;
}

export function nextStormDay(day) {
  return isStormDay(day) ? day : day + (STORM_EVERY - (day % STORM_EVERY));
}
