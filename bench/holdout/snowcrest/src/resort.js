// Snowcrest's fixed numbers: the lifts, the runs, the prices and the weekend's weather and arrivals.
// Everything here is documented in docs/RULES.md; keep the two in step.

export const RESORT_NAME = 'Snowcrest';
export const DAY_NAMES = ['Saturday', 'Sunday'];
export const OPENING_HOUR = 9;
export const CLOSING_HOUR = 16;
export const AFTERNOON_FROM = 12;

export const STARTING_CASH = 500;
export const MOUNTAIN_CAPACITY = 100;
export const LIFT_OPERATORS = 3;
export const PATROL_TEAMS = ['Alpha', 'Bravo'];
export const RESCUE_WINDOW_HOURS = 2;
export const INCIDENT_LIMIT = 3;
export const REFUND_FEE = 5;

export const TARGET_CASH = 10000;
export const TARGET_RIDES = 800;

export const TICKET_TYPES = ['adult', 'child'];
export const PRICES = {
  adult: { morning: 64, afternoon: 40 },
  child: { morning: 32, afternoon: 20 },
};

export const LIFTS = [
  { name: 'Pinewood', kind: 'fixed-grip double chair', run: 'Meadow', capacity: 20, windLimit: 60, hourlyCost: 25 },
  { name: 'Ridgeback', kind: 'detachable quad', run: 'Ridgeline', capacity: 30, windLimit: 50, hourlyCost: 40 },
  { name: 'Summit', kind: 'T-bar', run: 'Crest Bowl', capacity: 12, windLimit: 40, hourlyCost: 30 },
  { name: 'Sundown', kind: 'eight-seat gondola', run: 'Long Road', capacity: 40, windLimit: 45, hourlyCost: 70 },
];

export const RUNS = [
  { name: 'Meadow', grade: 'green', hurtEvery: 0 },
  { name: 'Ridgeline', grade: 'blue', hurtEvery: 25 },
  { name: 'Crest Bowl', grade: 'black', hurtEvery: 8 },
  { name: 'Long Road', grade: 'blue', hurtEvery: 30 },
];

// Weather by day, then by hour on the clock. Wind in km/h, fresh snow in cm over the hour.
export const WEATHER = [
  {
    9: { windKph: 15, snowCm: 0, sky: 'clear' },
    10: { windKph: 22, snowCm: 0, sky: 'clear' },
    11: { windKph: 30, snowCm: 0, sky: 'high cloud' },
    12: { windKph: 38, snowCm: 0, sky: 'overcast' },
    13: { windKph: 44, snowCm: 1, sky: 'overcast' },
    14: { windKph: 50, snowCm: 3, sky: 'blowing snow' },
    15: { windKph: 47, snowCm: 4, sky: 'snow' },
    16: { windKph: 40, snowCm: 5, sky: 'snow' },
  },
  {
    9: { windKph: 42, snowCm: 2, sky: 'snow' },
    10: { windKph: 36, snowCm: 1, sky: 'light snow' },
    11: { windKph: 28, snowCm: 0, sky: 'clearing' },
    12: { windKph: 20, snowCm: 0, sky: 'sunny' },
    13: { windKph: 14, snowCm: 0, sky: 'sunny' },
    14: { windKph: 10, snowCm: 0, sky: 'sunny' },
    15: { windKph: 8, snowCm: 0, sky: 'clear' },
    16: { windKph: 6, snowCm: 0, sky: 'clear' },
  },
];

// New guests reaching the ticket window at each hour, as [adults, children].
export const ARRIVALS = [
  { 9: [30, 10], 10: [20, 6], 11: [12, 4], 12: [10, 4], 13: [6, 2], 14: [4, 0], 15: [0, 0] },
  { 9: [40, 12], 10: [25, 8], 11: [15, 5], 12: [10, 4], 13: [6, 2], 14: [2, 0], 15: [0, 0] },
];
