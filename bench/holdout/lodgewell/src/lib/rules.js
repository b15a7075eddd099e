'use strict';

// The house rules of the Lodgewell. docs/RULES.md states the same numbers for
// the staff; keep the two in step.

const ROOM_TYPES = {
  single: { sleeps: 1, rate: 6000 },
  double: { sleeps: 2, rate: 9000 },
  suite: { sleeps: 4, rate: 15000 },
};

const ROOMS = [
  { id: '101', type: 'single' },
  { id: '102', type: 'single' },
  { id: '201', type: 'double' },
  { id: '202', type: 'double' },
  { id: '301', type: 'suite' },
  { id: '302', type: 'suite' },
];

// Rooms left unmade by last Sunday's departures.
const DIRTY_AT_OPENING = ['102', '202', '301', '302'];

const EXTRAS = {
  breakfast: 1200,
  minibar: 800,
  laundry: 1500,
  parking: 1000,
};

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WEEKEND_NIGHTS = ['Friday', 'Saturday'];

// Who walks in on which day: [id, full name, party size, nights booked].
const ARRIVALS = {
  1: [['ada', 'Ada Park', 1, 2], ['ben', 'Ben Ortiz', 2, 5], ['cora', 'Cora Lind', 3, 2]],
  2: [['dev', 'Dev Rao', 1, 1], ['elin', 'Elin Moss', 2, 3]],
  3: [['farid', 'Farid Haddad', 4, 3], ['gwen', 'Gwen Hale', 1, 2]],
  4: [['hugo', 'Hugo Brandt', 2, 2], ['iris', 'Iris Novak', 1, 3]],
  5: [['jonas', 'Jonas Weller', 2, 2], ['kai', 'Kai Mori', 1, 2], ['lena', 'Lena Fisk', 3, 2]],
  6: [['milo', 'Milo Grant', 2, 1], ['nora', 'Nora Vance', 4, 1]],
  7: [['otto', 'Otto Berg', 1, 1]],
};

module.exports = {
  ROOM_TYPES,
  ROOMS,
  DIRTY_AT_OPENING,
  EXTRAS,
  WEEKDAYS,
  WEEKEND_NIGHTS,
  ARRIVALS,
  WEEK_LENGTH: 7,
  KEYS_PER_ROOM: 2,
  HOUSEKEEPING_PER_DAY: 3,
  TAX_PERCENT: 10,
  WEEKEND_SURCHARGE_PERCENT: 20,
  MAX_QTY: 5,
  INCIDENTALS_LIMIT: 10000,
  OPENING_FLOAT: 15000,
  TAKINGS_TARGET: 325000,
  START_RATING: 3,
  MAX_RATING: 5,
  WIN_RATING: 3,
};
