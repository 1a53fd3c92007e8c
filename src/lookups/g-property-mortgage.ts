import { defineLookup, defineOperation } from './define-lookup.ts';
import {
  propertyAdapters,
  propertyEnvelope,
  propertyExample,
  propertyNotes,
  propertyParams,
  propertyPersonalData,
  propertyWithMortgageSchema,
} from './property-sections.ts';

export const propertyMortgageResponse = propertyEnvelope(propertyWithMortgageSchema);

export const propertyMortgage = defineLookup({
  id: 'G',
  title: 'Property mortgage',
  keywords: ['real estate', 'house', 'home', 'homes', 'loan', 'lender', 'deed'],
  catalog: {
    subject: 'Property mortgage details, by property record id',
    coverage: 'US',
    version: 'no version in the path; status.version, a string, in the body',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  personalData: propertyPersonalData,
  operations: [
    defineOperation({
      id: 'detailmortgage',
      label: 'Property detail with mortgage',
      method: 'GET',
      path: '/property/detailmortgage',
      format: 'json',
      example: propertyExample,
      params: propertyParams,
      response: propertyMortgageResponse,
      identity: 'identifier.Id',
      table: {
        keyColumns: [
          'identifier.Id',
          'address.oneLine',
          'mortgage.amount',
          'mortgage.date',
          'mortgage.lender.companycode',
          'location.latitude',
          'location.longitude',
        ],
      },
      adapters: propertyAdapters,
      notes: [...propertyNotes, 'mortgage.date and mortgage.duedate may be empty strings when no date is recorded.'],
    }),
  ],
  notes: ['The key parameter name is not shown in the spec; api_key is the default and the server configuration can change it.'],
});
