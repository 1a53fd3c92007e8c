// The link table as OpenAPI `links` on a success response: each field a link reads is a runtime
// expression into the answer's first record (`$response.body#/property/0/identifier/recordId`),
// each fixed value a constant. A link that reads the record's point is left out: its fields are
// the source adapter's, which the document cannot express.
import type { LookupDefinition, Operation } from './define-lookup.ts';
import { linksFrom } from './links.ts';

/** `0.incidents` + `incident_latitude` → `/0/incidents/0/incident_latitude` (JSON pointer, RFC 6901). */
function pointer(recordsAt: string, field: string): string {
  const steps = [...(recordsAt ? recordsAt.split('.') : []), '0', ...field.split('.')];
  return `/${steps.map((step) => step.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/** `{ links }` for the 200 response of one operation, or nothing when it links nowhere in this document. */
export function openApiLinks(
  lookup: LookupDefinition,
  operation: Operation,
  documented: readonly LookupDefinition[],
): { links?: Record<string, unknown> } {
  const links: Record<string, unknown> = {};
  for (const link of linksFrom(lookup.id, operation.id)) {
    const target = documented.find((candidate) => candidate.id === link.to);
    if (!target) continue;
    const fills = Object.entries(link.fill);
    if (fills.some(([, fill]) => !('field' in fill) && !('value' in fill))) continue;
    const targetOperation = link.toOperation ?? target.operations[0].id;
    const parameters = Object.fromEntries(
      fills.map(([name, fill]) => [
        name,
        'field' in fill ? `$response.body#${pointer(link.recordsAt, fill.field)}` : 'value' in fill ? fill.value : '',
      ]),
    );
    links[`${target.slug}_${targetOperation}`] = {
      operationId: `${target.slug}_${targetOperation}`,
      parameters,
      description: `${link.label}, from the answer's first record.`,
    };
  }
  return Object.keys(links).length > 0 ? { links } : {};
}
