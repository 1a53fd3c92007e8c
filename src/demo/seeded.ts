// The demo's one source of randomness. Deterministic synthetic data: a faker, or a small fast PRNG,
// seeded from the parts that identify what is generated (lookup letter, record id, map cell…), so
// the same request always gives the same bytes.
import { Faker, base, de, en, en_GB, en_US, fr, ja, nl } from '@faker-js/faker';
import type { LocaleDefinition } from '@faker-js/faker';

/** FNV-1a over the parts' text: a stable 32-bit seed. */
export function seedFrom(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u001f')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A faker of its own (never shared), seeded from `parts`. */
export function seededFaker(...parts: ReadonlyArray<string | number>): Faker {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seedFrom(...parts));
  return faker;
}

const LOCALES: Readonly<Record<string, LocaleDefinition>> = { DE: de, FR: fr, GB: en_GB, NL: nl, US: en_US, JP: ja };

/** A faker of its own speaking a country's language (English where there is none), seeded from `parts`. */
export function seededFakerFor(country: string, ...parts: ReadonlyArray<string | number>): Faker {
  const faker = new Faker({ locale: [LOCALES[country] ?? en, en, base] });
  faker.seed(seedFrom(...parts));
  return faker;
}

/** A small fast PRNG (mulberry32): faker is too slow for tens of thousands of records. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32's output for a state. */
function mulberry32(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const MULBERRY32_STEP = 0x6d2b79f5;

// A class rather than closures: creating one is a single allocation, which matters where a
// generator seeds one per record or per map cell and day (tens of thousands per answer).
class Mulberry32 implements Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + MULBERRY32_STEP) >>> 0;
    return mulberry32(this.state);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

export function createRng(seed: number): Rng {
  return new Mulberry32(seed);
}

/** What `createRng(seed).next()` returns first, without making the generator (for counting many cells). */
export function firstDraw(seed: number): number {
  return mulberry32(((seed >>> 0) + MULBERRY32_STEP) >>> 0);
}
