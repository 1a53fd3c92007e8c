// Server configuration, parsed once at start-up from the environment and an optional `.env` file
// ("parse at every boundary"). A malformed setting stops start-up with a ConfigError that names the
// variable — never its value, which may be a key.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import type { AnyLookup, LookupId } from '../lookups/define-lookup.ts';
import {
  defaultKeyPlacement,
  keyHeaderNameSchema,
  keyParamNameSchema,
  type KeyPlacement,
  type LookupConfigDocument,
  type LookupMode as WireLookupMode,
  MASK_POLICIES,
  type MaskPolicy,
} from '../lookups/wire.ts';
import { processMaskSecret } from './pseudonyms.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** The upstream body cap: 256 MiB, so a 100,000-record answer (about 56 MB) passes with room (issue 23). */
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

const httpUrl = z
  .string()
  .trim()
  .check((ctx) => {
    let url: URL;
    try {
      url = new URL(ctx.value);
    } catch {
      ctx.issues.push({ code: 'custom', message: 'must be an http or https URL', input: ctx.value });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      ctx.issues.push({ code: 'custom', message: 'must be an http or https URL', input: ctx.value });
    else if (url.search || url.hash || ctx.value.includes('#'))
      ctx.issues.push({ code: 'custom', message: 'must not hold a query or fragment (only scheme, host and path)', input: ctx.value });
    else if (url.username || url.password)
      ctx.issues.push({ code: 'custom', message: 'must not hold credentials (use the KEY variable)', input: ctx.value });
  })
  .transform((value) => value.replace(/\/+$/, ''));

// eslint-disable-next-line no-control-regex
const keyText = z.string().regex(/^[^\u0000-\u001f\u007f]+$/, { error: 'must be one line of text without control characters' });
const positiveInt = (max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(max, { error: `must be at most ${max}` });
const tileUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\//.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
    error: 'must be an http(s) tile URL template holding {z}, {x} and {y}',
  });

/**
 * One entry of LOOKUP_ALLOWED_HOSTS: a host name, an IPv4 address or a bracketed IPv6 address,
 * with an optional port (`lookup.example.org`, `10.0.0.5:8080`, `[::1]:4173`). No scheme, no
 * user information, no path, no wildcard: the server compares the request's Host with it.
 */
const HOST_ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?)(:\d{1,5})?$/;
const allowedHosts = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .check((ctx) => {
    const bad = ctx.value.filter((entry) => !HOST_ENTRY.test(entry) || Number(/:(\d+)$/.exec(entry)?.[1] ?? 0) > 65535);
    if (ctx.value.length === 0 || bad.length > 0)
      ctx.issues.push({
        code: 'custom',
        message: `must be a comma-separated list of host names with an optional port (e.g. lookup.example.org,lookup.example.org:8443)${bad.length > 0 ? `; not a host: ${bad.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ')}` : ''}`,
        input: ctx.value,
      });
  });

/**
 * LOOKUP_MEDIA_SOURCES: where the app may show images and play audio from besides itself and the
 * tiles (T's thumbnails and episodes come from the provider's CDN), as CSP sources: a scheme
 * (`https:`) or an origin with an optional `*.` label (`https://*.cdn.example.com`).
 */
const MEDIA_SOURCE = /^(https?:|https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?)$/;
const mediaSources = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .check((ctx) => {
    const bad = ctx.value.filter((entry) => !MEDIA_SOURCE.test(entry));
    if (bad.length > 0)
      ctx.issues.push({
        code: 'custom',
        message: `must be a comma-separated list of https: or origins like https://*.cdn.example.com; not one: ${bad.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ')}`,
        input: ctx.value,
      });
  });

/**
 * LOOKUP_MASK_SECRET: the key of masking's pseudonyms (pseudonyms.ts). Long enough that it cannot
 * be guessed, since whoever holds it can compute the pseudonym of any name they guess.
 */
const MIN_MASK_SECRET = 32;
const maskSecret = z
  .string()
  .trim()
  .min(MIN_MASK_SECRET, { error: `must be at least ${MIN_MASK_SECRET} characters (e.g. the output of \`openssl rand -base64 32\`)` })
  .pipe(keyText);

/** LOG_LEVEL: the least severe line the server log writes (server-log.ts); `silent` writes none. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const globalSchema = z.object({
  LOOKUP_ALLOWED_HOSTS: allowedHosts.optional(),
  LOOKUP_MEDIA_SOURCES: mediaSources.optional(),
  LOOKUP_TIMEOUT_MS: positiveInt(600_000).default(DEFAULT_TIMEOUT_MS),
  LOOKUP_MAX_BYTES: positiveInt(1024 * 1024 * 1024).default(DEFAULT_MAX_BYTES),
  MAP_TILE_URL: tileUrl.default(DEFAULT_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).default(DEFAULT_TILE_ATTRIBUTION),
  LOOKUP_MASK: z.enum(MASK_POLICIES, { error: `must be ${MASK_POLICIES.join(' or ')}` }).default('default'),
  LOOKUP_MASK_SECRET: maskSecret.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be ${LOG_LEVELS.join(', ')}` }).default('info'),
});

const lookupSchema = z.object({
  BASE_URL: httpUrl.optional(),
  KEY: keyText.optional(),
  KEY_PARAM: keyParamNameSchema.optional(),
  KEY_HEADER: keyHeaderNameSchema.optional(),
});

/**
 * How one lookup is answered. `keyPlacement` is resolved once, here, for both modes: where the key
 * travels on a live request, and what `/lookup-config.json` publishes for the Request tab.
 */
export type LookupMode =
  | { mode: 'demo'; keyPlacement: KeyPlacement }
  | { mode: 'live'; baseUrl: string; key: string; keyPlacement: KeyPlacement };

export type MapConfig = { tileUrl: string; tileAttribution: string };

export interface ServerConfig {
  lookups: Partial<Record<LookupId, LookupMode>>;
  timeoutMs: number;
  maxBytes: number;
  map: MapConfig;
  /**
   * Host names (optionally with a port) the server answers to besides loopback on its own port,
   * lower case, from LOOKUP_ALLOWED_HOSTS; empty when not set. Any other Host is refused.
   */
  allowedHosts: string[];
  /** LOOKUP_MEDIA_SOURCES: extra image and audio sources for the app's pages (CSP syntax), empty by default. */
  mediaSources: string[];
  /** Settings that are well-formed but have no effect (a key without a base URL, an unknown letter). */
  warnings: string[];
  /** LOOKUP_MASK: `always` masks personal data whatever the browser asks; `default` (or unset) lets `X-Lookup-Mask: off` unmask. */
  mask?: MaskPolicy;
  /**
   * The key of masking's pseudonyms: LOOKUP_MASK_SECRET, or when unset this process's random one
   * (a warning says so). Handed to worker processes and demo threads, never to a browser, a
   * response, a URL or a log line.
   */
  maskSecret: string;
  /** LOG_LEVEL (default `info`). */
  logLevel?: LogLevel;
}

type Env = Record<string, string | undefined>;

/** An empty value in a `.env` file means "not set", as it does for most tools. */
function present(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
}

function parseOrThrow<T extends z.ZodType>(schema: T, input: Env, variableOf: (field: string) => string): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ConfigError(variableOf(String(issue.path[0] ?? '')), issue.message);
}

function keyPlacement(lookup: AnyLookup, settings: z.output<typeof lookupSchema>, prefix: string): KeyPlacement {
  if (settings.KEY_HEADER && settings.KEY_PARAM)
    throw new ConfigError(`${prefix}KEY_HEADER`, `and ${prefix}KEY_PARAM are both set: the key travels in one place only`);
  if (settings.KEY_HEADER) return { in: 'header', name: settings.KEY_HEADER };
  if (settings.KEY_PARAM) return { in: 'query', name: settings.KEY_PARAM };
  return defaultKeyPlacement(lookup.keyTransport);
}

function lookupMode(lookup: AnyLookup, env: Env, warnings: string[]): LookupMode {
  const prefix = `LOOKUP_${lookup.id}_`;
  const input = Object.fromEntries(Object.keys(lookupSchema.shape).map((field) => [field, env[prefix + field]]));
  const settings = parseOrThrow(lookupSchema, present(input), (field) => prefix + field);
  const placement = keyPlacement(lookup, settings, prefix);
  if (settings.BASE_URL && settings.KEY) return { mode: 'live', baseUrl: settings.BASE_URL, key: settings.KEY, keyPlacement: placement };
  if (settings.BASE_URL) warnings.push(`${prefix}BASE_URL is set without ${prefix}KEY: lookup ${lookup.id} runs on demo data`);
  if (settings.KEY) warnings.push(`${prefix}KEY is set without ${prefix}BASE_URL: lookup ${lookup.id} runs on demo data`);
  return { mode: 'demo', keyPlacement: placement };
}

/**
 * Why an unset LOOKUP_MASK_SECRET matters, when it does: pseudonyms made from a random secret per
 * start change at a restart and differ between instances. That costs something only for real
 * people's names (a live lookup) or where answers outlive the process or cross instances (a shared
 * store: jobs' results, several instances). On the demo alone, synthetic names, it costs nothing, so
 * a newcomer's `npm start` says nothing. (The processes of one LOOKUP_WORKERS server share one.)
 */
export function maskSecretWarning({ secretSet, live, shared }: { secretSet: boolean; live: boolean; shared: boolean }): string | undefined {
  if (secretSet || (!live && !shared)) return undefined;
  const why = [live && 'live lookups answer with real names', shared && 'LOOKUP_REDIS_URL shares answers between instances and restarts']
    .filter(Boolean)
    .join(' and ');
  return `LOOKUP_MASK_SECRET is not set, and ${why}: masked answers name people by pseudonyms keyed by a random secret made at this start, so they change when the server restarts and differ from other instances (set it to keep them)`;
}

/** Parses the configuration from a plain environment object (process.env merged with `.env`). */
export function parseServerConfig(env: Env, lookups: readonly AnyLookup[]): ServerConfig {
  const global = parseOrThrow(globalSchema, present(env), (field) => field);
  const warnings: string[] = [];
  const modes: ServerConfig['lookups'] = {};
  for (const lookup of lookups) modes[lookup.id] = lookupMode(lookup, env, warnings);
  const known = new Set(lookups.map((lookup) => `LOOKUP_${lookup.id}_`));
  for (const name of Object.keys(present(env))) {
    const perLookup = /^LOOKUP_([A-Z])_(BASE_URL|KEY|KEY_PARAM|KEY_HEADER)$/.exec(name);
    if (perLookup && !known.has(`LOOKUP_${perLookup[1]}_`)) warnings.push(`${name} is set but there is no lookup ${perLookup[1]}`);
  }
  const maskWarning = maskSecretWarning({
    secretSet: global.LOOKUP_MASK_SECRET !== undefined,
    live: Object.values(modes).some(({ mode }) => mode === 'live'),
    shared: present(env).LOOKUP_REDIS_URL !== undefined,
  });
  if (maskWarning) warnings.push(maskWarning);
  return {
    lookups: modes,
    timeoutMs: global.LOOKUP_TIMEOUT_MS,
    maxBytes: global.LOOKUP_MAX_BYTES,
    map: { tileUrl: global.MAP_TILE_URL, tileAttribution: global.MAP_TILE_ATTRIBUTION },
    allowedHosts: global.LOOKUP_ALLOWED_HOSTS ?? [],
    mediaSources: global.LOOKUP_MEDIA_SOURCES ?? [],
    warnings,
    mask: global.LOOKUP_MASK,
    maskSecret: global.LOOKUP_MASK_SECRET ?? processMaskSecret(),
    logLevel: global.LOG_LEVEL,
  };
}

/** Reads a `.env` file when there is one; the real environment wins over it. */
export function environmentWithDotEnv(env: Env = process.env, envFile = '.env'): Env {
  if (!existsSync(envFile)) return env;
  let fromFile: Env;
  try {
    fromFile = parseEnv(readFileSync(envFile, 'utf8'));
  } catch (error) {
    throw new ConfigError(envFile, `cannot be read: ${(error as Error).message}`);
  }
  return { ...fromFile, ...env };
}

/** Which lookups answer live and which from the demo: what /healthz and the start-up line show. */
export function lookupModes(config: ServerConfig): Record<string, WireLookupMode> {
  return Object.fromEntries(Object.entries(config.lookups).map(([id, mode]) => [id, mode.mode]));
}

/** `/lookup-config.json`: each lookup's mode and key placement, and the media sources, never a key or base URL. */
/** `signedIn`: the request came from a signed-in user of a team server (the page then asks /me). */
export function lookupConfigDocument(config: ServerConfig, signedIn = false): LookupConfigDocument {
  return {
    ...(signedIn && { signedIn: true }),
    // Published only when forced, so the viewer can say so; `default` is what a document without it means.
    ...(config.mask === 'always' && { mask: 'always' as const }),
    // What the page's CSP allows besides itself and data:, so views show no image it would block.
    ...(config.mediaSources.length > 0 && { mediaSources: [...config.mediaSources] }),
    lookups: Object.fromEntries(
      Object.entries(config.lookups).map(([id, mode]) => [
        id,
        { mode: mode.mode, key: { in: mode.keyPlacement.in, name: mode.keyPlacement.name } },
      ]),
    ),
  };
}
