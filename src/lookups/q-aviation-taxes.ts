import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, isRecord } from './adapters.ts';
import { aviationSuccess } from './aviation-provider.ts';
import { firstTextAt } from './error-text.ts';

export const aviationTaxResponse = z.looseObject({
  taxId: z.string(),
  nameTax: z.string(),
  codeIataTax: z.string(),
});
export const aviationTaxesResponse = z.array(aviationTaxResponse);

export const aviationTaxes = defineLookup({
  id: 'Q',
  title: 'Aviation taxes',
  keywords: ['flights', 'flight', 'aircraft', 'airline', 'airport', 'iata', 'ticket tax'],
  catalog: {
    subject: 'General information on aviation-related taxes',
    coverage: 'global',
    version: 'path prefix /v2',
    price: 'monthly from $149; yearly from $1610; one-time from $49',
    trial: 'discounted',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    defineOperation({
      id: 'taxes',
      label: 'Aviation taxes',
      method: 'GET',
      path: '/v2/public/taxDatabase',
      format: 'json',
      // Left empty on purpose: without a code the provider lists every tax.
      example: {},
      params: z.object({
        codeIataTax: param.text({
          in: 'query',
          title: 'Tax IATA code',
          help: 'Two-character IATA code of a tax or charge, e.g. GB (UK Air Passenger Duty); leave empty to list every tax.',
          pattern: /^[A-Za-z0-9]{2}$/,
          patternMessage: 'must be a two-character IATA tax code, like GB',
          example: 'GB',
        }),
      }),
      response: aviationTaxesResponse,
      identity: 'taxId',
      adapters: {
        // Errors: {success:false, error} with error a text or {text|info|message}.
        errorMessage: (body) => firstTextAt(body, ['error', 'error.text', 'error.info', 'error.message']),
        success: aviationSuccess,
        records: (body) => arrayAt(body),
        label: (record) => (isRecord(record) ? `${String(record.codeIataTax)} · ${String(record.nameTax)}` : ''),
      },
      notes: [
        'codeIataTax is optional and matches without regard to case; no match answers HTTP 200 with {success:false, error} ("No Record Found"), the provider convention.',
      ],
    }),
  ],
  notes: ['The spec gives no key parameter for Q; api_key is the default, configurable on the server.'],
});
