// Bodies holding every field of the spec's table F, and of the air-quality convention.
import { cars } from '../../f-cars.ts';
import { defineSamples } from '../define-samples.ts';
export const carsSample = [
  {
    city_mpg: 28,
    class: 'midsize car',
    combination_mpg: 32,
    cylinders: 4,
    displacement: 2.5,
    drive: 'fwd',
    fuel_type: 'gas',
    highway_mpg: 39,
    make: 'toyota',
    model: 'camry',
    transmission: 'a',
    year: 2022,
  },
];

export const airQualitySample = {
  CO: { concentration: 223.64, aqi: 2 },
  NO2: { concentration: 9.6, aqi: 12 },
  O3: { concentration: 60.08, aqi: 28 },
  SO2: { concentration: 1.27, aqi: 1 },
  'PM2.5': { concentration: 4.5, aqi: 19 },
  PM10: { concentration: 7.3, aqi: 7 },
  overall_aqi: 28,
};

export const samples = defineSamples(cars, { cars: [carsSample], airquality: [airQualitySample] });
