// The property record D's and G's fact sheet reads: G's typed record (D's lacks only the
// mortgage), with the fields that drifted from the schema left out by the interpreter.
import type { z } from 'zod';
import type { Salvaged } from '../lookups/answer.ts';
import type { propertyWithMortgageSchema } from '../lookups/property-sections.ts';

export type PropertyRecord = Salvaged<z.output<typeof propertyWithMortgageSchema>>;
