'use strict';

// The numbers of the shift. docs/RULES.md is the source of truth; keep the two in step.
const RULES = Object.freeze({
  shiftStart: 8 * 60,
  shiftEnd: 18 * 60,
  openingFloat: 10,
  target: 250,
  baseFare: 4,
  farePerZone: 3,
  freeKg: 2,
  farePerExtraKg: 1,
  dropMinutes: 5,
  runsBeforeRest: 3,
  restMinutes: 30,
  wearLimit: 10,
  serviceCost: 6,
  serviceMinutes: 20,
  maxWait: 240,
});

const DISTRICTS = Object.freeze([
  { name: 'Docks', zone: 1 },
  { name: 'Market', zone: 1 },
  { name: 'Old Town', zone: 2 },
  { name: 'University', zone: 2 },
  { name: 'Hillside', zone: 3 },
]);

const FLEET = Object.freeze([
  { id: 'B1', kind: 'fixie', capacity: 6, minutesPerZone: 10 },
  { id: 'B2', kind: 'roadster', capacity: 12, minutesPerZone: 15 },
  { id: 'B3', kind: 'cargo', capacity: 30, minutesPerZone: 20 },
  { id: 'B4', kind: 'roadster', capacity: 12, minutesPerZone: 15 },
]);

const CREW = Object.freeze([
  { name: 'Ada', bike: 'B1' },
  { name: 'Bram', bike: 'B2' },
  { name: 'Cleo', bike: 'B3' },
]);

// Parcels reach the board in three drops from the sorting office.
const WAVES = Object.freeze([
  {
    at: 8 * 60,
    parcels: [
      ['P1', 2, 'Docks', '09:30'],
      ['P2', 5, 'Old Town', '10:00'],
      ['P3', 1, 'Market', '09:00'],
      ['P4', 9, 'Hillside', '11:00'],
      ['P5', 3, 'University', '10:30'],
      ['P6', 14, 'Docks', '12:00'],
      ['P7', 4, 'Hillside', '10:00'],
      ['P8', 6, 'Market', '11:30'],
    ],
  },
  {
    at: 11 * 60,
    parcels: [
      ['P9', 8, 'University', '13:00'],
      ['P10', 2, 'Hillside', '12:30'],
      ['P11', 11, 'Old Town', '13:30'],
      ['P12', 3, 'Docks', '12:00'],
      ['P13', 20, 'Market', '14:00'],
      ['P14', 5, 'University', '13:00'],
    ],
  },
  {
    at: 14 * 60,
    parcels: [
      ['P15', 7, 'Hillside', '16:00'],
      ['P16', 1, 'Old Town', '15:00'],
      ['P17', 16, 'Docks', '16:30'],
      ['P18', 4, 'University', '15:30'],
      ['P19', 10, 'Hillside', '17:00'],
      ['P20', 2, 'Market', '15:00'],
    ],
  },
]);

module.exports = { RULES, DISTRICTS, FLEET, CREW, WAVES };
