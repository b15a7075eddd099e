'use strict';

const { RULES } = require('./data');
const { formatTime } = require('./clock');

class Bike {
  constructor({ id, kind, capacity, minutesPerZone }) {
    this.id = id;
    this.kind = kind;
    this.capacity = capacity;
    this.minutesPerZone = minutesPerZone;
    this.wear = 0;
    this.rider = null;
  }

  get dueService() {
    return this.wear >= RULES.wearLimit;
  }

  label() {
    return `${this.id} (${this.kind})`;
  }
}

class Parcel {
  constructor(id, weight, district, zone, due) {
    this.id = id;
    this.weight = weight;
    this.district = district;
    this.zone = zone;
    this.due = due;
    this.fare = Parcel.fareFor(weight, zone);
    this.status = 'shelf';
    this.rider = null;
    this.deliveredAt = null;
    this.paid = 0;
  }

  static fareFor(weight, zone) {
    const extraKg = Math.max(0, weight - RULES.freeKg);
    return RULES.baseFare + RULES.farePerZone * zone + RULES.farePerExtraKg * extraKg;
  }

  static lateFare(fare) {
    return Math.floor(fare / 2);
  }

  describe() {
    return `${this.id} (${this.weight} kg, ${this.district})`;
  }

  whereabouts() {
    switch (this.status) {
      case 'shelf':
        return 'on the shelf';
      case 'loaded':
        return `loaded on ${this.rider}'s bike`;
      case 'out':
        return `out with ${this.rider}`;
      default:
        return `delivered at ${formatTime(this.deliveredAt)}`;
    }
  }
}

class Rider {
  constructor(name, bike) {
    this.name = name;
    this.bike = bike;
    this.status = 'in office';
    this.load = [];
    this.runs = 0;
    this.trip = null;
    this.until = null;
  }

  get available() {
    return this.status === 'in office';
  }
}

module.exports = { Bike, Parcel, Rider };
