// The MCP resources: what an assistant reads before it calls a tool. The catalog (every lookup,
// its mode here, price and tools), each lookup's notes (the choices the definition made where the
// spec is silent, what is personal data) and field dictionary (the answer's fields as JSON Schema,
// from the same response schema the page's schema check uses), and the OpenAPI document. The notes
// and fields are also offered as resource templates (`…/lookups/{lookup}/notes`), their {lookup}
// completed with the lookups' letters (completions.ts).
import { z } from 'zod';
import type { AnyLookup, LookupId } from '../../lookups/define-lookup.ts';
import type { LookupMode } from '../../lookups/wire.ts';
import { APP_LISTINGS, builtAppHtml, readAppResource, type AppSources } from './app-resources.ts';
import { costWords, toolName, type ToolFacts } from './tool-catalog.ts';

export const RESOURCE_SCHEME = 'lookup-explorer';
export const CATALOG_URI = `${RESOURCE_SCHEME}://catalog`;
export const OPENAPI_URI = `${RESOURCE_SCHEME}://openapi.json`;
export const notesUri = (lookup: AnyLookup) => `${RESOURCE_SCHEME}://lookups/${lookup.slug}/notes`;
export const fieldsUri = (lookup: AnyLookup) => `${RESOURCE_SCHEME}://lookups/${lookup.slug}/fields`;

/** The resource templates: one per kind of lookup resource, {lookup} a lookup's letter. */
export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: `${RESOURCE_SCHEME}://lookups/{lookup}/notes`,
    name: 'lookup-notes',
    title: 'A lookup’s notes',
    description: 'What the lookup answers, the choices its definition made and what in it is personal data. {lookup}: its letter, a–t.',
    mimeType: 'text/markdown',
  },
  {
    uriTemplate: `${RESOURCE_SCHEME}://lookups/{lookup}/fields`,
    name: 'lookup-fields',
    title: 'A lookup’s field dictionary',
    description: 'The fields of the lookup’s answers, as JSON Schema per operation. {lookup}: its letter, a–t.',
    mimeType: 'application/json',
  },
] as const;

export interface ResourceListing {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  _meta?: Record<string, unknown>;
}

export interface ResourceContents {
  uri: string;
  mimeType: string;
  text: string;
  _meta?: Record<string, unknown>;
}

export interface ResourceSources {
  lookups: readonly AnyLookup[];
  factsOf: (id: LookupId) => ToolFacts;
  /** The OpenAPI document as this server publishes it (its proxy origin filled in). */
  openApiDocument: () => unknown;
  /** The MCP Apps views' document and the origin of the app's pages (app-resources.ts); the build's by default. */
  app?: Partial<AppSources>;
}

export function listResources({ lookups }: Pick<ResourceSources, 'lookups'>): ResourceListing[] {
  return [
    {
      uri: CATALOG_URI,
      name: 'catalog',
      title: 'Catalog of lookups',
      description: 'Every lookup: subject, coverage, price, live or demo here, and its tools.',
      mimeType: 'application/json',
    },
    {
      uri: OPENAPI_URI,
      name: 'openapi',
      title: 'OpenAPI document',
      description: 'Every operation’s paths, parameters and answer schema (OpenAPI 3.1).',
      mimeType: 'application/json',
    },
    ...lookups.flatMap((lookup) => [
      {
        uri: notesUri(lookup),
        name: `${lookup.slug}-notes`,
        title: `${lookup.id}. ${lookup.title}: notes`,
        description: `What lookup ${lookup.id} answers, the choices its definition made and what in it is personal data.`,
        mimeType: 'text/markdown',
      },
      {
        uri: fieldsUri(lookup),
        name: `${lookup.slug}-fields`,
        title: `${lookup.id}. ${lookup.title}: field dictionary`,
        description: `The fields of lookup ${lookup.id}’s answers, as JSON Schema per operation.`,
        mimeType: 'application/json',
      },
    ]),
    ...APP_LISTINGS,
  ];
}

function catalog({ lookups, factsOf }: ResourceSources): unknown {
  return {
    lookups: lookups.map((lookup) => {
      const facts = factsOf(lookup.id);
      return {
        id: lookup.id,
        title: lookup.title,
        ...lookup.catalog,
        mode: facts.mode satisfies LookupMode,
        cost: costWords(lookup, facts),
        personalData: lookup.personalData.length > 0,
        tools: lookup.operations.map((operation) => ({
          name: toolName(lookup, operation),
          operation: operation.id,
          label: operation.label,
        })),
        notes: notesUri(lookup),
        fields: fieldsUri(lookup),
      };
    }),
  };
}

function notes(lookup: AnyLookup, facts: ToolFacts): string {
  const lines = [
    `# ${lookup.id}. ${lookup.title}`,
    '',
    lookup.catalog.subject,
    '',
    `- Coverage: ${lookup.catalog.coverage}`,
    `- Price: ${lookup.catalog.price}`,
    `- Here: ${costWords(lookup, facts)}`,
  ];
  if (lookup.personalData.length > 0)
    lines.push(
      `- Personal data (masked in every answer an assistant gets): ${lookup.personalData.map((path) => `\`${path}\``).join(', ')}`,
    );
  for (const note of lookup.notes ?? []) lines.push(`- ${note}`);
  for (const operation of lookup.operations) {
    lines.push('', `## ${operation.label} (tool \`${toolName(lookup, operation)}\`)`, '', `${operation.method} ${operation.path}`);
    for (const note of operation.notes ?? []) lines.push(`- ${note}`);
  }
  return `${lines.join('\n')}\n`;
}

function fields(lookup: AnyLookup): unknown {
  return {
    lookup: lookup.id,
    operations: lookup.operations.map((operation) => ({
      tool: toolName(lookup, operation),
      operation: operation.id,
      format: operation.format,
      ...(operation.table && { keyColumns: operation.table.keyColumns }),
      response: z.toJSONSchema(operation.response, { unrepresentable: 'any', reused: 'inline' }),
    })),
  };
}

const json = (uri: string, value: unknown): ResourceContents => ({
  uri,
  mimeType: 'application/json',
  text: JSON.stringify(value, null, 2),
});

/** The resource at `uri`, or undefined when there is none. */
export function readResource(uri: string, sources: ResourceSources): ResourceContents | undefined {
  if (uri === CATALOG_URI) return json(uri, catalog(sources));
  if (uri === OPENAPI_URI) return json(uri, sources.openApiDocument());
  const app = readAppResource(uri, { html: builtAppHtml, ...sources.app });
  if (app) return app;
  for (const lookup of sources.lookups) {
    if (uri === notesUri(lookup)) return { uri, mimeType: 'text/markdown', text: notes(lookup, sources.factsOf(lookup.id)) };
    if (uri === fieldsUri(lookup)) return json(uri, fields(lookup));
  }
  return undefined;
}
