'use strict';

const { RULES, DISTRICTS, FLEET, CREW, WAVES } = require('./data');
const { formatTime, parseTime } = require('./clock');
const { Bike, Parcel, Rider } = require('./models');
const { CommandParser, GrammarError, HELP_TEXT } = require('./grammar');

class Outcome {
  constructor(success, message) {
    this.success = success;
    this.message = message;
  }

  static ok(message) {
    return new Outcome(true, message);
  }

  static refuse(message) {
    return new Outcome(false, message);
  }
}

const ZONES = new Map(DISTRICTS.map((d) => [d.name, d.zone]));

/** One shift at the dispatch office: the whole game. */
class Office {
  constructor() {
    this.parser = new CommandParser();
    this.now = RULES.shiftStart;
    this.till = RULES.openingFloat;
    this.turn = 0;
    this.over = false;
    this.won = false;
    this.bikes = new Map();
    for (const spec of FLEET) this.bikes.set(spec.id, new Bike(spec));
    this.riders = new Map();
    for (const spec of CREW) {
      this.riders.set(spec.name.toLowerCase(), new Rider(spec.name, spec.bike));
      this.bikes.get(spec.bike).rider = spec.name;
    }
    this.parcels = new Map();
    this.waves = WAVES.slice();
    while (this.waves.length && this.waves[0].at <= this.now) this.receiveWave(this.waves.shift());
  }

  // ---- lookups -------------------------------------------------------------

  findRider(name) {
    return this.riders.get(String(name).toLowerCase()) || null;
  }

  findBike(id) {
    return this.bikes.get(String(id).toUpperCase()) || null;
  }

  findParcel(id) {
    return this.parcels.get(String(id).toUpperCase()) || null;
  }

  riderOnBike(bikeId) {
    for (const rider of this.riders.values()) {
      if (rider.bike === bikeId) return rider;
    }
    return null;
  }

  loadWeight(rider) {
    return rider.load.reduce((kg, id) => kg + this.parcels.get(id).weight, 0);
  }

  unknownRider(name) {
    const names = [...this.riders.values()].map((r) => r.name).join(', ');
    return Outcome.refuse(`Nobody called "${name}" rides for us today. Riders: ${names}.`);
  }

  unknownParcel(id) {
    return Outcome.refuse(`There is no parcel "${id}" on the board. Type "board" to see the shelf.`);
  }

  unknownBike(id) {
    return Outcome.refuse(`There is no bike "${id}". Bikes: ${[...this.bikes.keys()].join(', ')}.`);
  }

  // ---- commands ------------------------------------------------------------

  handle(line) {
    this.turn += 1;
    let command;
    try {
      command = this.parser.parse(line);
    } catch (err) {
      if (err instanceof GrammarError) return Outcome.refuse(err.message);
      throw err;
    }
    if (this.over && !['help', 'board'].includes(command.verb)) {
      return Outcome.refuse(`The shift is over (${this.won ? 'target met' : 'target missed'}). Start a new game to ride again.`);
    }
    const handler = Office.HANDLERS[command.verb];
    return this[handler](command.args);
  }

  help() {
    return Outcome.ok(HELP_TEXT);
  }

  board() {
    const lines = [
      `${formatTime(this.now)}  till $${this.till} of the $${RULES.target} target, shift ends ${formatTime(RULES.shiftEnd)}`,
      '',
      'Riders:',
    ];
    for (const rider of this.riders.values()) {
      const bike = this.bikes.get(rider.bike);
      let where = rider.status;
      if (rider.status === 'out') where = `out, back ${formatTime(rider.until)}`;
      if (rider.status === 'resting') where = `resting until ${formatTime(rider.until)}`;
      const load = rider.load.length ? `${rider.load.join(' ')} (${this.loadWeight(rider)}/${bike.capacity} kg)` : 'empty';
      lines.push(`  ${rider.name.padEnd(5)} ${bike.label().padEnd(14)} ${where.padEnd(20)} load ${load}, runs ${rider.runs}/${RULES.runsBeforeRest}`);
    }
    lines.push('', 'Shelf:');
    const shelf = [...this.parcels.values()].filter((p) => p.status === 'shelf');
    if (!shelf.length) lines.push('  (empty)');
    for (const p of shelf) {
      lines.push(`  ${p.id.padEnd(4)} ${String(p.weight).padStart(2)} kg  ${p.district.padEnd(10)} zone ${p.zone}  due ${formatTime(p.due)}  fare $${p.fare}`);
    }
    lines.push('', 'Bikes:');
    for (const bike of this.bikes.values()) {
      const holder = this.riderOnBike(bike.id);
      const service = bike.dueService ? ', DUE FOR SERVICE' : '';
      lines.push(`  ${bike.label().padEnd(14)} ${bike.capacity} kg, ${bike.minutesPerZone} min/zone, wear ${bike.wear}/${RULES.wearLimit}${service}, ${holder ? holder.name : 'on the rack'}`);
    }
    return Outcome.ok(lines.join('\n'));
  }

  load([parcelId, riderName]) {
    const parcel = this.findParcel(parcelId);
    if (!parcel) return this.unknownParcel(parcelId);
    const rider = this.findRider(riderName);
    if (!rider) return this.unknownRider(riderName);
    if (parcel.status !== 'shelf') return Outcome.refuse(`${parcel.id} is not on the shelf: it is ${parcel.whereabouts()}.`);
    if (rider.status === 'out') return Outcome.refuse(`${rider.name} is out on a run until ${formatTime(rider.until)}.`);
    const bike = this.bikes.get(rider.bike);
    const carried = this.loadWeight(rider);
    if (carried + parcel.weight >= bike.capacity) {
      return Outcome.refuse(
        `${parcel.describe()} will not fit: ${rider.name} already carries ${carried} kg and the ${bike.kind} ${bike.id} takes ${bike.capacity} kg.`,
      );
    }
    rider.load.push(parcel.id);
    parcel.status = 'loaded';
    parcel.rider = rider.name;
    return Outcome.ok(`${parcel.describe()} loaded on ${rider.name}'s ${bike.kind}: ${carried + parcel.weight}/${bike.capacity} kg.`);
  }

  unload([parcelId]) {
    const parcel = this.findParcel(parcelId);
    if (!parcel) return this.unknownParcel(parcelId);
    if (parcel.status !== 'loaded') return Outcome.refuse(`${parcel.id} is not loaded on anyone: it is ${parcel.whereabouts()}.`);
    const rider = this.findRider(parcel.rider);
    const slot = rider.load.indexOf(parcel.id);
    rider.load.splice(slot);
    parcel.status = 'shelf';
    parcel.rider = null;
    return Outcome.ok(`${parcel.id} is back on the shelf. ${rider.name} carries ${this.loadWeight(rider)} kg.`);
  }

  quote([parcelId, riderName]) {
    const parcel = this.findParcel(parcelId);
    if (!parcel) return this.unknownParcel(parcelId);
    const lines = [
      `${parcel.describe()}, zone ${parcel.zone}, due ${formatTime(parcel.due)}: fare $${parcel.fare} ` +
        `($${RULES.baseFare} + $${RULES.farePerZone} x zone ${parcel.zone} + $${RULES.farePerExtraKg} x ${Math.max(0, parcel.weight - RULES.freeKg)} kg over ${RULES.freeKg}), ` +
        `$${Parcel.lateFare(parcel.fare)} if late.`,
    ];
    const rider = riderName === undefined ? null : this.riders.get(riderName.toLowerCase());
    if (rider !== null) {
      const bike = this.bikes.get(rider.bike);
      const ids = rider.load.includes(parcel.id) ? rider.load : [...rider.load, parcel.id];
      const trip = this.planTrip(rider, ids, Math.max(this.now, rider.until || this.now));
      const drop = trip.drops.find((d) => d.id === parcel.id);
      const kg = ids.reduce((sum, id) => sum + this.parcels.get(id).weight, 0);
      const onTime = drop.at <= parcel.due ? 'on time' : 'late';
      lines.push(
        `With ${rider.name} on ${bike.label()} carrying ${ids.join(' ')} (${kg}/${bike.capacity} kg): ` +
          `drop ${trip.drops.indexOf(drop) + 1} of ${trip.drops.length} at ${formatTime(drop.at)} (${onTime}), back at ${formatTime(trip.back)}.`,
      );
    }
    return Outcome.ok(lines.join('\n'));
  }

  dispatch([riderName]) {
    const rider = this.findRider(riderName);
    if (!rider) return this.unknownRider(riderName);
    if (rider.status === 'out') return Outcome.refuse(`${rider.name} is already out; back at ${formatTime(rider.until)}.`);
    if (rider.status === 'resting') return Outcome.refuse(`${rider.name} is on a break until ${formatTime(rider.until)}.`);
    if (!rider.load.length) return Outcome.refuse(`${rider.name} has nothing to carry. Load a parcel first.`);
    if (rider.runs > RULES.runsBeforeRest) {
      return Outcome.refuse(`${rider.name} has ridden ${rider.runs} runs without a break. Send them to rest first ("rest ${rider.name}").`);
    }
    const bike = this.bikes.get(rider.bike);
    if (bike.dueService) {
      return Outcome.refuse(`${bike.id} is due for a service (wear ${bike.wear}/${RULES.wearLimit}). "service ${bike.id}" or swap bikes.`);
    }
    const trip = this.planTrip(rider, rider.load, this.now);
    rider.status = 'out';
    rider.trip = trip;
    rider.until = trip.back;
    rider.runs += 1;
    for (const id of rider.load) this.parcels.get(id).status = 'out';
    const kg = this.loadWeight(rider);
    return Outcome.ok(
      `${rider.name} rides out on ${bike.label()} with ${rider.load.join(' ')} (${kg} kg): ` +
        `${trip.drops.length} drop(s), furthest ${trip.furthest} (zone ${trip.zone}). ` +
        `Back at ${formatTime(trip.back)} with $${trip.fares} in fares.`,
    );
  }

  rest([riderName]) {
    const rider = this.findRider(riderName);
    if (!rider) return this.unknownRider(riderName);
    if (rider.status === 'out') return Outcome.refuse(`${rider.name} is out on a run until ${formatTime(rider.until)}.`);
    if (rider.status === 'resting') return Outcome.refuse(`${rider.name} is already on a break until ${formatTime(rider.until)}.`);
    if (rider.runs === 0) return Outcome.refuse(`${rider.name} is fresh: no runs since the last break.`);
    rider.status = 'resting';
    rider.until = this.now + RULES.restMinutes;
    return Outcome.ok(`${rider.name} takes a ${RULES.restMinutes}-minute break, back on the bike at ${formatTime(rider.until)}.`);
  }

  swap([riderName, bikeId]) {
    const rider = this.findRider(riderName);
    if (!rider) return this.unknownRider(riderName);
    const bike = this.findBike(bikeId);
    if (!bike) return this.unknownBike(bikeId);
    if (rider.status === 'out') return Outcome.refuse(`${rider.name} is out on a run until ${formatTime(rider.until)}.`);
    if (rider.bike === bike.id) return Outcome.refuse(`${rider.name} already rides ${bike.id}.`);
    if (rider.load.length) return Outcome.refuse(`${rider.name} still has ${rider.load.join(' ')} loaded; unload first.`);
    const holder = this.riderOnBike(bike.id);
    if (holder) return Outcome.refuse(`${bike.id} is ${holder.name}'s bike.`);
    const old = this.bikes.get(rider.bike);
    rider.bike = bike.id;
    bike.rider = rider.name;
    return Outcome.ok(`${rider.name} leaves ${old.label()} on the rack and takes ${bike.label()}: ${bike.capacity} kg, ${bike.minutesPerZone} min a zone.`);
  }

  service([bikeId]) {
    const bike = this.findBike(bikeId);
    if (!bike) return this.unknownBike(bikeId);
    const holder = this.riderOnBike(bike.id);
    if (holder && holder.status === 'out') return Outcome.refuse(`${bike.id} is out with ${holder.name} until ${formatTime(holder.until)}.`);
    if (bike.wear === 0) return Outcome.refuse(`${bike.id} has no wear to service.`);
    if (this.till < RULES.serviceCost) {
      return Outcome.refuse(`A service costs $${RULES.serviceCost} and the till holds $${this.till}.`);
    }
    this.till -= RULES.serviceCost;
    bike.wear = 0;
    const lines = [`The mechanic services ${bike.label()} for $${RULES.serviceCost}; it takes ${RULES.serviceMinutes} minutes. Wear back to 0.`];
    lines.push(...this.advance(RULES.serviceMinutes));
    return Outcome.ok(lines.join('\n'));
  }

  wait([minutesText]) {
    if (!/^\d+$/.test(minutesText)) return Outcome.refuse(`"${minutesText}" is not a number of minutes.`);
    const minutes = Number(minutesText);
    if (minutes < 1 || minutes > RULES.maxWait) {
      return Outcome.refuse(`Wait between 1 and ${RULES.maxWait} minutes at a time.`);
    }
    const events = this.advance(minutes);
    const lines = [`The clock runs to ${formatTime(this.now)}.`];
    lines.push(...(events.length ? events : ['Nothing happens.']));
    return Outcome.ok(lines.join('\n'));
  }

  close() {
    this.over = true;
    this.won = this.till >= RULES.target;
    const verdict = this.won ? 'target met' : `$${RULES.target - this.till} short of the $${RULES.target} target`;
    return Outcome.ok(`You close the shift at ${formatTime(this.now)} with $${this.till} in the till: ${verdict}.`);
  }

  // ---- the clock -----------------------------------------------------------

  planTrip(rider, ids, start) {
    const bike = this.bikes.get(rider.bike);
    const parcels = ids.map((id) => this.parcels.get(id));
    const ordered = parcels.slice().sort((a, b) => a.zone - b.zone);
    const drops = ordered.map((p, i) => ({
      id: p.id,
      at: start + p.zone * bike.minutesPerZone + RULES.dropMinutes * (i + 1),
    }));
    const last = ordered[ordered.length - 1];
    const back = start + 2 * last.zone * bike.minutesPerZone + RULES.dropMinutes * ordered.length;
    const fares = parcels.reduce((sum, p) => sum + p.fare, 0);
    return { drops, back, fares, furthest: last.district, zone: last.zone };
  }

  nextEvent(limit) {
    let next = null;
    const consider = (at, run) => {
      if (at <= limit && (next === null || at < next.at)) next = { at, run };
    };
    for (const rider of this.riders.values()) {
      if (rider.status === 'out') consider(rider.until, () => this.riderReturns(rider));
    }
    for (const rider of this.riders.values()) {
      if (rider.status === 'resting') consider(rider.until, () => this.restEnds(rider));
    }
    if (this.waves.length) consider(this.waves[0].at, () => this.receiveWave(this.waves.shift()));
    return next;
  }

  advance(minutes) {
    const limit = Math.min(this.now + minutes, RULES.shiftEnd);
    const lines = [];
    for (let event = this.nextEvent(limit); event; event = this.nextEvent(limit)) {
      this.now = event.at;
      lines.push(`${formatTime(this.now)} ${event.run()}`);
      if (this.till >= RULES.target) {
        this.over = true;
        this.won = true;
        lines.push(`${formatTime(this.now)} The till holds $${this.till}: target of $${RULES.target} met. Well dispatched! The shift is yours.`);
        return lines;
      }
    }
    this.now = limit;
    if (this.now >= RULES.shiftEnd) {
      this.over = true;
      lines.push(`${formatTime(this.now)} The shift is over with $${this.till} in the till, $${RULES.target - this.till} short of the $${RULES.target} target.`);
    }
    return lines;
  }

  riderReturns(rider) {
    const trip = rider.trip;
    const bike = this.bikes.get(rider.bike);
    let paid = 0;
    let late = 0;
    for (const drop of trip.drops) {
      const parcel = this.parcels.get(drop.id);
      parcel.deliveredAt = drop.at;
      if (drop.at > parcel.due) {
        parcel.status = 'late';
        parcel.paid = Parcel.lateFare(parcel.fare);
        late += 1;
      } else {
        parcel.status = 'delivered';
        parcel.paid = parcel.fare;
      }
      paid += parcel.paid;
    }
    this.till += paid;
    bike.wear += trip.zone;
    rider.load = [];
    rider.trip = null;
    rider.status = 'in office';
    rider.until = null;
    const lateNote = late ? ` (${late} late)` : '';
    const wearNote = bike.dueService ? ` ${bike.id} is due for a service.` : '';
    return `${rider.name} is back from ${trip.furthest}: ${trip.drops.length} delivered${lateNote}, $${trip.fares} paid in.${wearNote}`;
  }

  restEnds(rider) {
    rider.status = 'in office';
    rider.until = null;
    rider.runs = 0;
    return `${rider.name} is back from the break and ready to ride.`;
  }

  receiveWave(wave) {
    const arrived = [];
    for (const [id, weight, district, due] of wave.parcels) {
      const parcel = new Parcel(id, weight, district, ZONES.get(district), parseTime(due));
      this.parcels.set(id, parcel);
      arrived.push(parcel.describe());
    }
    return `The sorting office sends ${arrived.length} parcels: ${arrived.join(', ')}.`;
  }

  // ---- the state the API shows --------------------------------------------

  snapshot() {
    const time = (t) => (t === null ? null : formatTime(t));
    const riders = [['rider', 'bike', 'status', 'load', 'load_kg', 'runs', 'until']];
    for (const r of this.riders.values()) {
      riders.push([r.name, r.bike, r.status, r.load.slice(), this.loadWeight(r), r.runs, time(r.until)]);
    }
    const bikes = [['bike', 'kind', 'capacity_kg', 'min_per_zone', 'wear', 'rider']];
    for (const b of this.bikes.values()) {
      bikes.push([b.id, b.kind, b.capacity, b.minutesPerZone, b.wear, b.rider]);
    }
    const parcels = [['parcel', 'kg', 'district', 'zone', 'due', 'fare', 'status', 'rider', 'delivered_at', 'paid']];
    for (const p of this.parcels.values()) {
      parcels.push([p.id, p.weight, p.district, p.zone, formatTime(p.due), p.fare, p.status, p.rider, time(p.deliveredAt), p.paid]);
    }
    const districts = [['district', 'zone'], ...DISTRICTS.map((d) => [d.name, d.zone])];
    return {
      shift: {
        clock: formatTime(this.now),
        ends: formatTime(RULES.shiftEnd),
        till: this.till,
        target: RULES.target,
        over: this.over,
        won: this.won,
      },
      riders,
      bikes,
      parcels,
      districts,
    };
  }
}

Office.HANDLERS = Object.freeze({
  help: 'help',
  board: 'board',
  close: 'close',
  load: 'load',
  unload: 'unload',
  quote: 'quote',
  dispatch: 'dispatch',
  rest: 'rest',
  swap: 'swap',
  service: 'service',
  wait: 'wait',
});

module.exports = { Office, Outcome };
