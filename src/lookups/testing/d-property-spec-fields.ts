// Transcribed from the spec's table "D and G. Property response" (envelope and the shared sections);
// G's test adds the mortgage section.
import type { SpecField } from './spec-fields.ts';

export const propertyEnvelopeSpec: SpecField[] = [
  ['status.version', 'string'],
  ['status.code', 'integer'],
  ['status.msg', 'string'],
  ['status.total', 'integer'],
  ['status.page', 'integer'],
  ['status.pagesize', 'integer'],
  ['status.transactionID', 'string'],
  ['property', 'array'],
];

const section = (name: string, fields: readonly string[], type: SpecField[1]): SpecField[] =>
  fields.map((field) => [`property[].${name}.${field}`, type] as const);

export const propertySectionsSpec: SpecField[] = [
  ...section('identifier', ['Id', 'recordId'], 'integer'),
  ...section('identifier', ['fips', 'apn'], 'string'),
  // obPropId is listed without a type; the schema reads it as an integer (see the definition's notes).
  ['property[].identifier.obPropId', 'integer'],
  ['property[].lot.lotnum', 'string'],
  ['property[].lot.lotsize1', 'number'],
  ['property[].lot.lotsize2', 'number'],
  ['property[].lot.pooltype', 'string'],
  ...section(
    'area',
    ['blockNum', 'loctype', 'countrysecsubd', 'countyuse1', 'muncode', 'munname', 'srvyRange', 'srvySection', 'srvyTownship', 'subdname'],
    'string',
  ),
  ...section(
    'address',
    ['country', 'countrySubd', 'line1', 'line2', 'locality', 'matchCode', 'oneLine', 'postal1', 'postal2', 'postal3'],
    'string',
  ),
  ['property[].location.accuracy', 'string'],
  ['property[].location.latitude', 'string'],
  ['property[].location.longitude', 'string'],
  ['property[].location.distance', 'number'],
  ['property[].location.geoid', 'string'],
  ...section('location.geoIdV4', ['CS', 'N1', 'N2', 'PL', 'ZI'], 'string'),
  ...section('summary', ['absenteeInd', 'propclass', 'propsubtype', 'proptype', 'propLandUse', 'propIndicator', 'legal1'], 'string'),
  ['property[].summary.yearbuilt', 'integer'],
  ...section('utilities', ['heatingfuel', 'heatingtype'], 'string'),
  ...section('building.size', ['bldgsize', 'grosssize', 'grosssizeadjusted', 'groundfloorsize', 'livingsize', 'universalsize'], 'integer'),
  ['property[].building.size.sizeInd', 'string'],
  ...section('building.rooms', ['bathfixtures', 'bathsfull', 'bathstotal', 'beds', 'roomsTotal'], 'integer'),
  ['property[].building.interior.bsmtsize', 'integer'],
  ['property[].building.interior.bsmttype', 'string'],
  ['property[].building.interior.fplccount', 'integer'],
  ['property[].building.interior.fplcind', 'string'],
  ['property[].building.interior.fplctype', 'string'],
  ...section('building.construction', ['condition', 'wallType'], 'string'),
  ['property[].building.parking.prkgSize', 'integer'],
  ['property[].building.parking.prkgSpaces', 'string'],
  ['property[].building.summary.archStyle', 'string'],
  ['property[].building.summary.levels', 'integer'],
  ['property[].building.summary.quality', 'string'],
  ['property[].building.summary.unitsCount', 'string'],
  ['property[].building.summary.view', 'string'],
  ['property[].building.summary.yearbuilteffective', 'integer'],
  ['property[].vintage.lastModified', 'string'],
  ['property[].vintage.pubDate', 'string'],
];

export const mortgageSpec: SpecField[] = [
  ['property[].mortgage.lender.companycode', 'string'],
  ['property[].mortgage.title.companyname', 'string'],
  ['property[].mortgage.amount', 'number'],
  ['property[].mortgage.date', 'string'],
  ['property[].mortgage.deedtype', 'string'],
  ['property[].mortgage.duedate', 'string'],
];
