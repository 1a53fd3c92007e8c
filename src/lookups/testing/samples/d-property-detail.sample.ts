// A body holding every field of the spec's table "D and G. Property response", as the provider would send it.
import { propertyDetail } from '../../d-property-detail.ts';
import { defineSamples } from '../define-samples.ts';
export const propertySample = {
  identifier: { Id: 184713191, fips: '06037', apn: '4252-021-017', recordId: 184713191, obPropId: 18471319106037 },
  lot: { lotnum: '17', lotsize1: 0.1377, lotsize2: 6000, pooltype: 'NO POOL' },
  area: {
    blockNum: '21',
    loctype: 'VIEW - NONE',
    countrysecsubd: 'Los Angeles County',
    countyuse1: '0100',
    muncode: 'LA',
    munname: 'LOS ANGELES',
    srvyRange: '14W',
    srvySection: '12',
    srvyTownship: '02S',
    subdname: 'TR 6745',
  },
  address: {
    country: 'US',
    countrySubd: 'CA',
    line1: '3812 GLENALBYN DR',
    line2: 'LOS ANGELES, CA 90065',
    locality: 'Los Angeles',
    matchCode: 'ExaStr',
    oneLine: '3812 GLENALBYN DR, LOS ANGELES, CA 90065',
    postal1: '90065',
    postal2: '2716',
    postal3: 'C002',
  },
  location: {
    accuracy: 'Rooftop',
    latitude: '34.103215',
    longitude: '-118.219514',
    distance: 0,
    geoid: 'CO06037, CS0691750, DB0622710, PL0644000, ZI90065',
    geoIdV4: {
      CS: '3bd3a9d2e2a1f0c8e1a0c4d5b6e7f809',
      N1: '7c1f2e3d4b5a69788796a5b4c3d2e1f0',
      N2: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      PL: '4f2a8e6c1b3d5f7092a4c6e8b0d2f416',
      ZI: 'c0ffee11223344556677889900aabbcc',
    },
  },
  summary: {
    absenteeInd: 'OWNER OCCUPIED',
    propclass: 'Single Family Residence / Townhouse',
    propsubtype: 'Residential',
    proptype: 'SFR',
    yearbuilt: 1924,
    propLandUse: 'SFR',
    propIndicator: '10',
    legal1: 'TRACT # 6745 LOT 17 BLK 21',
  },
  utilities: { heatingfuel: 'GAS', heatingtype: 'FORCED AIR' },
  building: {
    size: {
      bldgsize: 1508,
      grosssize: 1508,
      grosssizeadjusted: 1508,
      groundfloorsize: 1508,
      livingsize: 1508,
      universalsize: 1508,
      sizeInd: 'LIVING SQFT',
    },
    rooms: { bathfixtures: 6, bathsfull: 2, bathstotal: 2, beds: 3, roomsTotal: 7 },
    interior: { bsmtsize: 0, bsmttype: 'NONE', fplccount: 1, fplcind: 'Y', fplctype: 'LIVING ROOM' },
    construction: { condition: 'GOOD', wallType: 'STUCCO' },
    parking: { prkgSize: 400, prkgSpaces: '2' },
    summary: { archStyle: 'SPANISH', levels: 1, quality: 'AVERAGE', unitsCount: '1', view: 'VIEW - NONE', yearbuilteffective: 1948 },
  },
  vintage: { lastModified: '2026-10-14', pubDate: '2026-10-21' },
};

export const propertyDetailSample = {
  status: {
    version: '1.0.0',
    code: 0,
    msg: 'SuccessWithResult',
    total: 1,
    page: 1,
    pagesize: 10,
    transactionID: '5f3c2a9e8d7b6a5f4e3d2c1b0a998877',
  },
  property: [propertySample],
};

export const samples = defineSamples(propertyDetail, { detail: [propertyDetailSample] });
