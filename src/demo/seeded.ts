// Deterministic synthetic data: a faker seeded from the parts that identify what is generated
// (lookup letter, record id, map cell…), so the same request always gives the same bytes.
import { Faker, base, en } from '@faker-js/faker';

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
