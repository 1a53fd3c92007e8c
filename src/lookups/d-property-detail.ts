import { defineLookup, defineOperation } from './define-lookup.ts';
import {
  propertyAdapters,
  propertyEnvelope,
  propertyExample,
  propertyNotes,
  propertyParams,
  propertyPersonalData,
  propertySchema,
} from './property-sections.ts';

export const propertyDetailResponse = propertyEnvelope(propertySchema);

export const propertyDetail = defineLookup({
  id: 'D',
  title: 'Property details',
  keywords: ['real estate', 'house', 'home', 'homes', 'building', 'mortgage', 'parcel', 'assessment', 'geocoding'],
  catalog: {
    subject: 'Property details, by property record id',
    coverage: 'US',
    version: 'no version in the path; status.version, a string, in the body',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  personalData: propertyPersonalData,
  operations: [
    defineOperation({
      id: 'detail',
      label: 'Property detail',
      method: 'GET',
      path: '/property/detail',
      format: 'json',
      example: propertyExample,
      params: propertyParams,
      response: propertyDetailResponse,
      identity: 'identifier.Id',
      table: {
        keyColumns: [
          'identifier.Id',
          'address.oneLine',
          'summary.proptype',
          'summary.yearbuilt',
          'location.latitude',
          'location.longitude',
        ],
      },
      adapters: propertyAdapters,
      notes: propertyNotes,
    }),
  ],
  notes: ['The key parameter name is not shown in the spec; api_key is the default and the server configuration can change it.'],
});
