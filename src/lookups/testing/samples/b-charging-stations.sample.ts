// A body holding every field of the spec's tables B (envelope, Station, Connector).
import { chargingStations } from '../../b-charging-stations.ts';
import { defineSamples } from '../define-samples.ts';
export const chargingStationsSample = {
  hasMore: true,
  count: 1,
  evStations: {
    evStation: [
      {
        poolId: 'a1f3c9e2d4b5',
        totalNumberOfConnectors: 4,
        connectors: {
          connector: [
            {
              supplierName: 'Allego',
              connectorType: { name: 'IEC 62196-3 type 2 combo (Mennekes)', id: '33' },
              chargeCapacity: '150 kW DC, 400-920 V, up to 375 A',
              maxPowerLevel: 150,
              customerChargeLevel: 'DC fast',
              customerConnectorName: 'CCS Combo 2',
              fixedCable: true,
              connectorDetails: {
                privateAccess: false,
                open24x7: false,
                openingHours: {
                  regularOpeningHours: [{ daymask: 31, period: [{ from: '06:00:00', to: '22:00:00' }] }],
                  annualOpenings: [],
                },
                pay: true,
                manufacturer: 'ABB',
              },
              chargingPoint: { chargeMode: 'Mode 4', voltsRange: '400-920V', phases: 0, ampsRange: '0-375A', numberOfConnectors: 2 },
            },
          ],
        },
        evStationDetails: {
          privateAccess: false,
          restrictedAccess: false,
          accessibilityType: 'Public',
          paymentMethods: { subscription: { provider: 'Plugsurfing', accept: true }, note: 'Pay by app or RFID card' },
          notes: 'Entrance from the car park on the ground floor.',
        },
        address: {
          city: 'Berlin',
          country: 'DEU',
          region: 'Berlin',
          street: 'Friedrichstraße',
          streetNumber: '68',
          postalCode: '10117',
        },
        contacts: { phone: [{ value: '+49 30 12345678', label: 'Hotline' }] },
        distance: 1234,
        position: { latitude: 52.511234, longitude: 13.389876 },
        name: 'Allego Friedrichstraße 68',
        id: 'deu-7c2b91f0',
        lastUpdateTimestamp: '2026-10-31T08:15:42.123Z',
        timeZone: 'Europe/Berlin',
      },
    ],
  },
};

export const samples = defineSamples(chargingStations, { json: [chargingStationsSample], xml: [chargingStationsSample] });
