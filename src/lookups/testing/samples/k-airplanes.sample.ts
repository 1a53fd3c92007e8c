// A body holding every field of the spec's table K (all values strings), as the provider sends it.
import { airplanes } from '../../k-airplanes.ts';
import { defineSamples } from '../define-samples.ts';
export const airplanesSample = [
  {
    airplaneId: '1',
    numberRegistration: 'D-AIUA',
    productionLine: 'Airbus A318/A319/A320/A321',
    airplaneIataType: 'A320-200',
    planeModel: 'A320',
    modelCode: 'A320-214',
    hexIcaoAirplane: '3C6701',
    codeIataPlaneShort: '320',
    codeIataPlaneLong: 'A320',
    constructionNumber: '5978',
    numberTestRgistration: 'D-AVVB',
    rolloutDate: '0000-00-00',
    firstFlight: '2014-01-10T00:00:00.000Z',
    deliveryDate: '2014-02-06T00:00:00.000Z',
    registrationDate: '2014-02-06T00:00:00.000Z',
    lineNumber: '',
    planeSeries: '214',
    codeIataAirline: 'LH',
    codeIcaoAirline: 'DLH',
    planeOwner: 'Lufthansa',
    enginesCount: '2',
    enginesType: 'JET',
    planeAge: '10',
    planeStatus: 'active',
  },
];

export const samples = defineSamples(airplanes, { airplanes: [airplanesSample] });
