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

const joined = (...parts: Array<string | null | undefined>) => parts.map(scalar).filter(Boolean).join(', ') || undefined;

/** Name, headline, location and about, from the declared fields of a personal or a company profile. */
function header(profile: Profile): Pick<ProfileOutline, 'name' | 'headline' | 'location' | 'about'> {
  if (profile.profile_type === 'company') {
    const office = profile.locations?.find((entry) => entry?.is_headquarters) ?? profile.locations?.[0];
    return { name: scalar(profile.name), headline: scalar(profile.tagline), location: joined(office?.city, office?.country), about: scalar(profile.description) };
  }
  // The view shows only profiles of one of the two declared kinds.
  if (profile.profile_type !== 'personal') return { name: undefined, headline: undefined, location: undefined, about: undefined };
  const name = scalar(profile.full_name) ?? ([scalar(profile.first_name), scalar(profile.last_name)].filter(Boolean).join(' ') || undefined);
  return { name, headline: scalar(profile.headline), location: joined(profile.location?.city, profile.location?.country), about: scalar(profile.summary) };
}

export function outlineProfile(profile: Profile): ProfileOutline {
  const used = new Set<string>(HEADER_FIELDS[profile.profile_type === 'company' ? 'company' : 'personal']);
  const outline: ProfileOutline = { ...header(profile), facts: [], tags: [], lists: [] };
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
