// Demo upstream for Q: a fixed list of real-world aviation taxes and charges with their IATA
// codes; codeIataTax narrows it (without regard to case), and nothing matched is the provider's
// HTTP 200 "No Record Found".
import { NO_RECORD_FOUND } from '../lookups/aviation-provider.ts';
import { aviationTaxes } from '../lookups/q-aviation-taxes.ts';
import { json, providerError, defineDemo } from './demo-types.ts';

const TAXES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AY', 'US Passenger Civil Aviation Security Service Fee'],
  ['US', 'US Transportation Tax'],
  ['XF', 'US Passenger Facility Charge'],
  ['ZP', 'US Flight Segment Tax'],
  ['XA', 'US Animal and Plant Health Inspection Fee'],
  ['XY', 'US Immigration User Fee'],
  ['YC', 'US Customs User Fee'],
  ['YQ', 'Carrier-Imposed Fuel Surcharge'],
  ['YR', 'Carrier-Imposed Surcharge'],
  ['GB', 'UK Air Passenger Duty'],
  ['UB', 'UK Passenger Service Charge'],
  ['DE', 'Germany Airport Security Charge'],
  ['RA', 'Germany Air Transport Tax'],
  ['FR', 'France Civil Aviation Tax'],
  ['QX', 'France Airport Tax'],
  ['IZ', 'France Solidarity Tax on Air Tickets'],
  ['CA', 'Canada Air Travellers Security Charge'],
  ['SQ', 'Canada Airport Improvement Fee'],
  ['RC', 'Canada Harmonized Sales Tax'],
  ['AU', 'Australia Passenger Movement Charge'],
  ['WY', 'Australia Passenger Services Charge'],
  ['UO', 'Australia Goods and Services Tax'],
  ['NZ', 'New Zealand Border Clearance Levy'],
  ['OI', 'Japan International Tourist Tax'],
  ['SW', 'Japan Passenger Service Facility Charge'],
  ['SG', 'Singapore Passenger Service and Security Fee'],
  ['OP', 'Singapore Aviation Levy'],
  ['AE', 'United Arab Emirates Passenger Service Charge'],
  ['F6', 'United Arab Emirates Passenger Facilities Charge'],
  ['ZR', 'United Arab Emirates Advance Passenger Information Fee'],
  ['IN', 'India User Development Fee'],
  ['K3', 'India Goods and Services Tax'],
  ['IT', 'Italy Embarkation Tax'],
  ['HB', 'Italy Municipal Surcharge'],
  ['VT', 'Italy Security Charge'],
  ['JD', 'Spain Passenger Service Charge'],
  ['CH', 'Switzerland Passenger Service Charge'],
  ['ZY', 'Austria Air Transport Levy'],
  ['SE', 'Sweden Aviation Tax'],
  ['XD', 'Norway Air Passenger Tax'],
  ['RN', 'Netherlands Air Passenger Tax'],
  ['BE', 'Belgium Passenger Service Charge'],
  ['MX', 'Mexico Airport Use Fee'],
  ['BR', 'Brazil Boarding Fee'],
  ['ZA', 'South Africa Passenger Safety Charge'],
  ['TR', 'Turkey Departure Charge'],
  ['CN', 'China Civil Aviation Development Fund'],
  ['HK', 'Hong Kong Airport Construction Fee'],
  ['TH', 'Thailand Passenger Service Charge'],
  ['KR', 'Korea Passenger Service Charge'],
];

const RECORDS = TAXES.map(([codeIataTax, nameTax], index) => ({ taxId: String(index + 1), nameTax, codeIataTax }));

export const aviationTaxesDemo = defineDemo(aviationTaxes, ({ params }) => {
  const code = params.codeIataTax?.trim().toUpperCase() ?? '';
  if (code === '') return json(RECORDS);
  const matches = RECORDS.filter((tax) => tax.codeIataTax === code);
  // Nothing matched: the provider's HTTP 200 "No Record Found".
  return matches.length > 0 ? json(matches) : providerError(200, NO_RECORD_FOUND);
});
