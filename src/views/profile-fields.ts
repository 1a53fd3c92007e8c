// R's response fields are "not shown" in the spec, so the profile view reads whatever the body
// holds: well-known names for the header, and every other field sorted into facts, tags and lists.
import { isRecord } from '../lookups/adapters.ts';

const NAME_KEYS = ['full_name', 'name', 'display_name'];
const HEADLINE_KEYS = ['headline', 'occupation', 'title', 'job_title'];
const ABOUT_KEYS = ['summary', 'about', 'description', 'bio'];
const LOCATION_KEYS = ['location', 'city', 'country', 'country_full_name'];

export interface ProfileOutline {
  name: string | undefined;
  headline: string | undefined;
  location: string | undefined;
  about: string | undefined;
  facts: Array<[string, string]>;
  tags: Array<[string, string[]]>;
  lists: Array<[string, string[]]>;
}

const words = (key: string) => key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** One line for an entry of a list (an experience, an education, a related profile…). */
function summariseEntry(entry: unknown): string | undefined {
  if (!isRecord(entry)) return scalar(entry);
  const parts = Object.values(entry).map(scalar).filter((part): part is string => part !== undefined);
  return parts.slice(0, 4).join(' · ') || undefined;
}

const pick = (profile: Record<string, unknown>, keys: readonly string[]) => keys.map((key) => scalar(profile[key])).find(Boolean);

/** The profile object: the body itself, or a single wrapper like `{profile: {...}}` / `{data: {...}}`. */
export function profileOf(body: unknown): Record<string, unknown> | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of ['profile', 'data', 'result']) if (isRecord(body[key])) return body[key];
  return body;
}

export function outlineProfile(profile: Record<string, unknown>): ProfileOutline {
  const first = scalar(profile.first_name);
  const last = scalar(profile.last_name);
  const used = new Set([...NAME_KEYS, ...HEADLINE_KEYS, ...ABOUT_KEYS, ...LOCATION_KEYS]);
  const outline: ProfileOutline = {
    name: pick(profile, NAME_KEYS) ?? ([first, last].filter(Boolean).join(' ') || undefined),
    headline: pick(profile, HEADLINE_KEYS),
    location: LOCATION_KEYS.map((key) => scalar(profile[key])).filter(Boolean).join(', ') || undefined,
    about: pick(profile, ABOUT_KEYS),
    facts: [],
    tags: [],
    lists: [],
  };
  for (const [key, value] of Object.entries(profile)) {
    if (used.has(key)) continue;
    const text = scalar(value);
    if (text !== undefined) outline.facts.push([words(key), text]);
    else if (Array.isArray(value)) {
      const entries = value.map(summariseEntry).filter((entry): entry is string => entry !== undefined);
      if (entries.length === 0) continue;
      if (value.every((entry) => !isRecord(entry))) outline.tags.push([words(key), entries]);
      else outline.lists.push([words(key), entries]);
    } else if (isRecord(value)) {
      const entries = Object.entries(value)
        .map(([name, inner]) => scalar(inner) && `${words(name)}: ${scalar(inner)}`)
        .filter((entry): entry is string => Boolean(entry));
      if (entries.length > 0) outline.lists.push([words(key), entries]);
    }
  }
  return outline;
}
