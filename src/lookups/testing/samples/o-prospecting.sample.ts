// A body holding every field of the spec's "O. Prospecting response".
import { prospecting } from '../../o-prospecting.ts';
import { defineSamples } from '../define-samples.ts';
export const prospectingSample = {
  total_companies: 57,
  total_pages: 3,
  data: [
    { id: 100417, name: 'Kessler Software GmbH' },
    { id: 100982, name: 'Brightwave Ltd' },
  ],
};

export const samples = defineSamples(prospecting, { search: [prospectingSample] });
