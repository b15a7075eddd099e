// One outpost: its colonists, structures, stock and the turning of days.

import {
  BASE_CAPS,
  BLUEPRINTS,
  BUILDER_WORK,
  COLONISTS,
  FARM_BASE,
  GREENHOUSE_BONUS_PER_LEVEL,
  HUNGER_LOSS,
  JOBS,
  LEVEL_HP,
  MAX_HEALTH,
  MAX_LEVEL,
  MEAL,
  MINE_BASE,
  OUTDOOR_JOBS,
  REPAIR_ORE,
  RESOURCES,
  REST_GAIN,
  RIG_BONUS_PER_LEVEL,
  SILO_CAP_PER_LEVEL,
  SMELT_ALLOY,
  SMELT_ORE,
  START_STOCK,
  START_STRUCTURES,
  STORM_HEALTH_LOSS,
  STORM_STRUCTURE_DAMAGE,
  UPGRADES,
  isStormDay,
  nextStormDay,
} from './rules.js';
import { listNames, nameKey, tag } from './text.js';

export class Refusal extends Error {}

const JOB_WORDS = { idle: 'rests', mine: 'mines', farm: 'farms', build: 'builds' };

function costText(cost) {
  return RESOURCES.filter((r) => cost[r]).map((r) => `${cost[r]} ${r}`).join(' and ');
}

export class Colony {
  constructor() {
    this.day = 1;
    this.won = false;
    this.lost = false;
    this.colonists = COLONISTS.map((name, i) => ({ id: `c${i + 1}`, name, job: 'idle', health: MAX_HEALTH }));
    this.structures = START_STRUCTURES.map((kind, i) => ({
      id: `s${i + 1}`,
      kind,
      level: 1,
      hp: BLUEPRINTS[kind].maxHp,
      max_hp: BLUEPRINTS[kind].maxHp,
    }));
    this.stock = { ...START_STOCK };
    this.site = null;
  }

  get over() {
    return this.won || this.lost;
  }

  structure(kind) {
    return this.structures.find((s) => s.kind === kind) || null;
  }

  cap(resource) {
    const silo = this.structure('silo');
    return BASE_CAPS[resource] + (silo ? silo.level * SILO_CAP_PER_LEVEL : 0);
  }

  // Adds up to the cap; returns how much was kept.
  add(resource, amount) {
    const kept = Math.max(0, Math.min(amount, this.cap(resource) - this.stock[resource]));
    this.stock[resource] += kept;
    return kept;
  }

  clampStock() {
    for (const r of RESOURCES) this.stock[r] = Math.min(this.stock[r], this.cap(r));
  }

  canPay(cost) {
    return RESOURCES.every((r) => this.stock[r] >= (cost[r] || 0));
  }

  pay(cost) {
    for (const r of RESOURCES) this.stock[r] -= cost[r] || 0;
  }

  stockText() {
    return RESOURCES.map((r) => `${r} ${this.stock[r]}/${this.cap(r)}`).join(', ');
  }

  findColonist(words) {
    const key = nameKey(words);
    const found = this.colonists.find((c) => nameKey(c.name) === key || c.id === key);
    if (!found) throw new Refusal(`No colonist called "${words}" lives here. Colonists: ${listNames(this.colonists.map((c) => c.name))}.`);
    return found;
  }

  findKind(words) {
    const key = nameKey(words);
    const kind = Object.keys(BLUEPRINTS).find((k) => k === key || nameKey(BLUEPRINTS[k].title) === key);
    if (!kind) {
      const known = listNames(Object.values(BLUEPRINTS).map((b) => b.title));
      throw new Refusal(`There is no structure called "${words}". Structures: ${known}.`);
    }
    return kind;
  }

  findStanding(words) {
    const kind = this.findKind(words);
    const found = this.structure(kind);
    if (!found) throw new Refusal(`No ${tag(BLUEPRINTS[kind].title)} stands on the plain.`);
    return found;
  }

  assign(who, jobWord) {
    const colonist = this.findColonist(who);
    const job = nameKey(jobWord);
    if (!JOBS.includes(job)) throw new Refusal(`"${jobWord}" is not a job. Jobs: ${JOBS.join(', ')}.`);
    if (colonist.job === job) return `${tag(colonist.name)} already ${JOB_WORDS[job]}.`;
    colonist.job = job;
    return `${tag(colonist.name)} now ${JOB_WORDS[job]}.`;
  }

  build(words) {
    const kind = this.findKind(words);
    const blueprint = BLUEPRINTS[kind];
    if (!blueprint.cost) throw new Refusal(`The ${tag(blueprint.title)} cannot be built: the outpost has its only one.`);
    if (this.site) throw new Refusal(`The ${tag(BLUEPRINTS[this.site.kind].title)} site is still open: finish it or cancel it first.`);
    if (this.structure(kind)) throw new Refusal(`A ${tag(blueprint.title)} already stands; the plain has room for one.`);
    if (!this.canPay(blueprint.cost)) {
      throw new Refusal(`The ${tag(blueprint.title)} costs ${costText(blueprint.cost)}; the stock holds ${this.stockText()}.`);
    }
    this.pay(blueprint.cost);
    this.site = { kind, work: 0, needed: blueprint.work };
    return `${tag(blueprint.title)} site marked out for ${costText(blueprint.cost)}. It needs ${blueprint.work} work from builders.`;
  }

  cancel() {
    if (!this.site) throw new Refusal('There is no construction site to cancel.');
    const blueprint = BLUEPRINTS[this.site.kind];
    const back = this.add('ore', blueprint.cost.ore);
    this.site = null;
    return `${tag(blueprint.title)} site abandoned: ${back} ore back in the stock.`;
  }

  upgrade(words) {
    const target = this.findStanding(words);
    const title = BLUEPRINTS[target.kind].title;
    if (target.kind === 'beacon') throw new Refusal(`The ${tag(title)} cannot be upgraded.`);
    if (target.level >= MAX_LEVEL) throw new Refusal(`The ${tag(title)} is already at level ${MAX_LEVEL}, the highest.`);
    const ore = UPGRADES[target.kind].orePerLevel * target.level;
    if (this.stock.ore < ore) throw new Refusal(`Upgrading the ${tag(title)} costs ${ore} ore; the stock holds ${this.stock.ore}.`);
    this.stock.ore -= ore;
    target.level += 1;
    target.max_hp += LEVEL_HP;
    target.hp += LEVEL_HP;
    return `${tag(title)} upgraded to level ${target.level} for ${ore} ore.`;
  }

  repair(words) {
    const target = this.findStanding(words);
    const title = BLUEPRINTS[target.kind].title;
    if (target.hp >= target.max_hp) throw new Refusal(`The ${tag(title)} is already whole (${target.hp}/${target.max_hp} hp).`);
    if (this.stock.ore < REPAIR_ORE) throw new Refusal(`A repair costs ${REPAIR_ORE} ore; the stock holds ${this.stock.ore}.`);
    this.stock.ore -= REPAIR_ORE;
    target.hp = target.max_hp;
    return `${tag(title)} patched up to ${target.hp}/${target.max_hp} hp for ${REPAIR_ORE} ore.`;
  }

  dismantle(words) {
    const target = this.findStanding(words);
    const blueprint = BLUEPRINTS[target.kind];
    if (!blueprint.cost) throw new Refusal(`The ${tag(blueprint.title)} is the colony's shelter: it cannot be dismantled.`);
    this.structures = this.structures.filter((s) => s !== target);
    this.clampStock();
    const back = {};
    for (const r of RESOURCES) {
      if (blueprint.cost[r]) back[r] = this.add(r, Math.floor(blueprint.cost[r] / 2));
    }
    const returned = costText(back);
    return `${tag(blueprint.title)} dismantled${returned ? `: ${returned} back in the stock` : ''}.`;
  }

  endDay() {
    const day = this.day;
    const storm = isStormDay(day);
    const lines = [`— Day ${day} report —`];
    let completed = null;

    const rig = this.structure('drillrig');
    const greenhouse = this.structure('greenhouse');
    const builders = [];
    for (const c of this.colonists) {
      if (c.job === 'mine') {
        const dug = MINE_BASE + (rig ? rig.level * RIG_BONUS_PER_LEVEL : 0);
        lines.push(`• ${tag(c.name)} dug ${dug} ore${this.store('ore', dug)}`);
      } else if (c.job === 'farm') {
        const grown = FARM_BASE + (greenhouse ? greenhouse.level * GREENHOUSE_BONUS_PER_LEVEL : 0);
        lines.push(`• ${tag(c.name)} harvested ${grown} food${this.store('food', grown)}`);
      } else if (c.job === 'build') {
        builders.push(c);
      }
    }
    if (builders.length && this.site) {
      const title = BLUEPRINTS[this.site.kind].title;
      const work = builders.length * BUILDER_WORK;
      const spare = Math.max(0, this.site.work + work - this.site.needed);
      this.site.work += work - spare;
      const progress = `${this.site.work}/${this.site.needed}${spare ? `; ${spare} work to spare` : ''}`;
      lines.push(`• ${listNames(builders.map((c) => c.name))} put ${work} work into the ${tag(title)} site (${progress})`);
      if (this.site.work >= this.site.needed) {
        completed = this.complete(this.site.kind);
        lines.push(`• The ${tag(title)} is finished`);
      }
    } else if (builders.length) {
      lines.push(`• ${listNames(builders.map((c) => c.name))} had no site to work on`);
    }

    const smelter = this.structure('smelter');
    if (smelter) {
      const batches = Math.min(smelter.level, Math.floor(this.stock.ore / SMELT_ORE));
      if (batches > 0) {
        this.stock.ore -= batches * SMELT_ORE;
        const alloy = batches * SMELT_ALLOY;
        lines.push(`• The ${tag('Smelter')} turned ${batches * SMELT_ORE} ore into ${alloy} alloy${this.store('alloy', alloy)}`);
      } else {
        lines.push(`• The ${tag('Smelter')} stood cold: it needs ${SMELT_ORE} ore`);
      }
    }
    const dusk = this.stockText();

    const fed = new Set();
    for (const c of this.colonists) {
      if (this.stock.food >= MEAL) {
        this.stock.food -= MEAL;
        fed.add(c);
      } else {
        c.health = Math.max(0, c.health - HUNGER_LOSS);
        lines.push(`• ${tag(c.name)} went hungry (-${HUNGER_LOSS} health)`);
      }
    }
    if (fed.size) lines.push(`• The colony ate ${fed.size * MEAL} food`);

    if (this.structure('habitat')) {
      for (const c of this.colonists) {
        if (c.job === 'idle' && fed.has(c) && c.health < MAX_HEALTH) c.health = Math.min(MAX_HEALTH, c.health + REST_GAIN);
      }
    }

    if (storm && completed !== 'beacon') {
      lines.push(`• Ash storm! Every structure lost ${STORM_STRUCTURE_DAMAGE} hp`);
      for (const s of this.structures) s.hp = Math.max(0, s.hp - STORM_STRUCTURE_DAMAGE);
      const exposed = this.colonists.filter((c) => OUTDOOR_JOBS.includes(c.job));
      for (const c of exposed) c.health = Math.max(0, c.health - STORM_HEALTH_LOSS);
      if (exposed.length) lines.push(`• ${listNames(exposed.map((c) => c.name))} caught the ash outdoors (-${STORM_HEALTH_LOSS} health)`);
    }

    for (const c of this.colonists.filter((c) => c.health <= 0)) lines.push(`• ${tag(c.name)} was lost`);
    this.colonists = this.colonists.filter((c) => c.health > 0);
    const fallen = this.structures.filter((s) => s.hp < 0);
    for (const s of fallen) lines.push(`• The ${tag(BLUEPRINTS[s.kind].title)} collapsed`);
    this.structures = this.structures.filter((s) => !fallen.includes(s));
    this.clampStock();

    lines.push(`• Stock at dusk: ${dusk}`);

    if (this.structure('beacon')) {
      this.won = true;
      lines.push(`The ${tag('Beacon')} blazes over the ash. The outpost is saved: you win!`);
    } else if (!this.colonists.length) {
      this.lost = true;
      lines.push('No colonist is left. The outpost falls silent: the game is lost.');
    } else {
      this.day += 1;
      lines.push(isStormDay(this.day)
        ? `Day ${this.day} dawns under a brown sky: an ash storm will hit at dusk.`
        : `Day ${this.day} dawns clear. Next ash storm: dusk of Day ${nextStormDay(this.day)}.`);
    }
    return lines.join('\n');
  }

  complete(kind) {
    const blueprint = BLUEPRINTS[kind];
    this.structures.push({
      id: `s${this.structures.length + 1}`,
      kind,
      level: 1,
      hp: blueprint.maxHp,
      max_hp: blueprint.maxHp,
    });
    this.site = null;
    return kind;
  }

  // Stores a day's output; returns what the report adds when the store overflows.
  store(resource, amount) {
    const kept = this.add(resource, amount);
    return kept < amount ? ` (${amount - kept} lost: the ${resource} store is full)` : '';
  }

  statusText() {
    const storm = isStormDay(this.day);
    const lines = [`— Day ${this.day} status —`];
    lines.push(storm ? '• Skies: an ash storm will hit at dusk' : `• Skies: clear; next ash storm at dusk of Day ${nextStormDay(this.day)}`);
    for (const c of this.colonists) lines.push(`• ${tag(c.name)} ${JOB_WORDS[c.job]}, health ${c.health}/${MAX_HEALTH}`);
    for (const s of this.structures) {
      lines.push(`• ${tag(BLUEPRINTS[s.kind].title)} level ${s.level}, ${s.hp}/${s.max_hp} hp`);
    }
    if (this.site) {
      lines.push(`• Site: ${tag(BLUEPRINTS[this.site.kind].title)} ${this.site.work}/${this.site.needed} work`);
    } else {
      lines.push('• Site: none');
    }
    lines.push(`• Stock: ${this.stockText()}`);
    if (this.won) lines.push('The Beacon is lit: the game is won.');
    if (this.lost) lines.push('The outpost is empty: the game is lost.');
    return lines.join('\n');
  }

  forecastText() {
    const next = nextStormDay(this.day);
    const lines = [`— Day ${this.day} forecast —`];
    lines.push(next === this.day ? '• Ash storm at dusk today' : '• Clear skies today');
    const after = nextStormDay(next + 1);
    const wait = next - this.day;
    lines.push(next === this.day
      ? `• Next storm after this one: dusk of Day ${after}`
      : `• Next ash storm: dusk of Day ${next} (in ${wait} ${wait === 1 ? 'day' : 'days'})`);
    lines.push(`• A storm takes ${STORM_STRUCTURE_DAMAGE} hp from every structure and ${STORM_HEALTH_LOSS} health from miners and builders`);
    return lines.join('\n');
  }

  phase() {
    if (this.over) return 'over';
    return isStormDay(this.day) ? 'storm warning' : 'planning';
  }

  view() {
    return {
      clock: { day: this.day, phase: this.phase() },
      colonists: this.colonists.map((c) => ({ id: c.id, name: c.name, job: c.job, health: c.health })),
      structures: this.structures.map((s) => ({
        id: s.id,
        kind: BLUEPRINTS[s.kind].title,
        level: s.level,
        hp: s.hp,
        max_hp: s.max_hp,
      })),
      stock: RESOURCES.map((r) => ({ resource: r, amount: this.stock[r], cap: this.cap(r) })),
      site: this.site
        ? { kind: BLUEPRINTS[this.site.kind].title, work: this.site.work, needed: this.site.needed }
        : null,
      forecast: { next_storm_day: this.over ? null : nextStormDay(this.day) },
      status: { won: this.won, lost: this.lost },
    };
  }
}
