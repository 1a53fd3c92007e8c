// R's profile as its definition declares it: a personal or a company profile, told apart by
// profile_type. The header reads the declared fields of each kind; every other field is sorted
// into facts, tags and lists, so a provider's extra fields still show.
import type { z } from 'zod';
import { isRecord } from '../lookups/adapters.ts';
import type { Salvaged } from '../lookups/answer.ts';
import type { profileDetailsResponse } from '../lookups/r-profile-details.ts';

/** R's typed body as the interpreter gives it (fields that drifted from the schema left out). */
export type Profile = Salvaged<z.output<typeof profileDetailsResponse>>;

/** Fields the header shows, per kind of profile; they are not repeated among the facts. */
const HEADER_FIELDS = {
  personal: ['full_name', 'first_name', 'last_name', 'headline', 'location', 'summary'],
  company: ['name', 'tagline', 'description'],
} as const;

export interface ProfileOutline {
  name: string | undefined;
  headline: string | undefined;
  location: string | undefined;
  about: string | undefined;
  facts: Array<[string, string]>;
  tags: Array<[string, string[]]>;
  lists: Array<[string, string[]]>;
}

/** A field's key as a label: "profile_picture_url" → "Profile picture URL". */
const words = (key: string) =>
  key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\b(url|id|ip)\b/gi, (acronym) => acronym.toUpperCase())
    .replace(/^./, (c) => c.toUpperCase());

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A fact's value: counts grouped by thousands ("11,362"); years and identifiers as they are. */
function factText(key: string, value: unknown): string | undefined {
  if (typeof value === 'number' && !/(year|_id|^id)$/i.test(key)) return value.toLocaleString('en-US');
  return scalar(value);
}

/** Keys an entry's line leaves out: identifiers and slugs, links, long text, and its dates (said as one period). */
const LEFT_OUT = /(^id$|_id$|url$|^description$|^is_current$|^(start|end)_(date|year)$)/;

/** When an entry ran: "2019-03–2021-06", "2023-04–current", or undefined when it gives no dates. */
function period(entry: Record<string, unknown>): string | undefined {
  const start = scalar(entry.start_date) ?? scalar(entry.start_year);
  const end = entry.is_current === true ? 'current' : (scalar(entry.end_date) ?? scalar(entry.end_year));
  if (!start && !end) return undefined;
  return `${start ?? '?'}–${end ?? '?'}`;
}

/**
 * One line for an entry of a list (an experience, an education, a related profile…): what it is
 * (its first three plain fields: title, company, place) and when it ran, not the first fields that
 * happen to come (a company's slug, a current job without its dates).
 */
function summariseEntry(entry: unknown): string | undefined {
  if (!isRecord(entry)) return scalar(entry);
  const parts = Object.entries(entry)
    .filter(([key, value]) => !LEFT_OUT.test(key) && !(typeof value === 'string' && /^https?:\/\//.test(value)))
    .map(([, value]) => scalar(value))
    .filter((part): part is string => part !== undefined)
    .slice(0, 3);
  const when = period(entry);
  return [...parts, ...(when ? [when] : [])].join(' · ') || undefined;
}

const joined = (...parts: Array<string | null | undefined>) => parts.map(scalar).filter(Boolean).join(', ') || undefined;

/** Name, headline, location and about, from the declared fields of a personal or a company profile. */
function header(profile: Profile): Pick<ProfileOutline, 'name' | 'headline' | 'location' | 'about'> {
  if (profile.profile_type === 'company') {
    const office = profile.locations?.find((entry) => entry?.is_headquarters) ?? profile.locations?.[0];
    return {
      name: scalar(profile.name),
      headline: scalar(profile.tagline),
      location: joined(office?.city, office?.country),
      about: scalar(profile.description),
    };
  }
  // The view shows only profiles of one of the two declared kinds.
  if (profile.profile_type !== 'personal') return { name: undefined, headline: undefined, location: undefined, about: undefined };
  const name =
    scalar(profile.full_name) ?? ([scalar(profile.first_name), scalar(profile.last_name)].filter(Boolean).join(' ') || undefined);
  return {
    name,
    headline: scalar(profile.headline),
    location: joined(profile.location?.city, profile.location?.country),
    about: scalar(profile.summary),
  };
}

export function outlineProfile(profile: Profile): ProfileOutline {
  const used = new Set<string>(HEADER_FIELDS[profile.profile_type === 'company' ? 'company' : 'personal']);
  const outline: ProfileOutline = { ...header(profile), facts: [], tags: [], lists: [] };
  for (const [key, value] of Object.entries(profile)) {
    if (used.has(key)) continue;
    const text = factText(key, value);
    if (text !== undefined) outline.facts.push([words(key), text]);
    else if (Array.isArray(value)) {
      const entries = value.map(summariseEntry).filter((entry): entry is string => entry !== undefined);
      if (entries.length === 0) continue;
      if (value.every((entry) => !isRecord(entry))) outline.tags.push([words(key), entries]);
      else outline.lists.push([words(key), entries]);
    } else if (isRecord(value)) {
      const entries = Object.entries(value)
        .map(([name, inner]) => factText(name, inner) && `${words(name)}: ${factText(name, inner)}`)
        .filter((entry): entry is string => Boolean(entry));
      if (entries.length > 0) outline.lists.push([words(key), entries]);
    }
  }
  return outline;
}
