// A body holding every field of the spec's Q entry, as the provider sends it.
import { aviationTaxes } from '../../q-aviation-taxes.ts';
import { defineSamples } from '../define-samples.ts';
export const aviationTaxesSample = [
  { taxId: '10', nameTax: 'UK Air Passenger Duty', codeIataTax: 'GB' },
  { taxId: '8', nameTax: 'Carrier-Imposed Fuel Surcharge', codeIataTax: 'YQ' },
];

export const samples = defineSamples(aviationTaxes, { taxes: [aviationTaxesSample] });
