// F's demo fleet: real makes, models and EPA-style classes, expanded over model years, drives and
// transmissions into a fixed list of a few hundred cars with plausible mileage.
import type { z } from 'zod';
import type { carResponse } from '../lookups/f-cars.ts';
import { seededFaker } from './seeded.ts';

export type DemoCar = z.infer<typeof carResponse>;

type Fuel = 'gas' | 'diesel' | 'electricity';
/** make, model, class, fuel, drives, cylinders, displacement, transmissions, city, highway, first year, last year */
type ModelRow = readonly [string, string, string, Fuel, string, number, number, string, number, number, number, number];

const SUV = 'small sport utility vehicle';
const BIG_SUV = 'standard sport utility vehicle';
const PICKUP = 'standard pickup truck';

const MODELS: readonly ModelRow[] = [
  ['toyota', 'camry', 'midsize car', 'gas', 'fwd', 4, 2.5, 'a', 28, 39, 2012, 2024],
  ['toyota', 'camry', 'midsize car', 'gas', 'fwd', 6, 3.5, 'a', 22, 33, 2012, 2024],
  ['toyota', 'corolla', 'compact car', 'gas', 'fwd', 4, 1.8, 'am', 30, 38, 2012, 2024],
  ['toyota', 'prius', 'midsize car', 'gas', 'fwd', 4, 1.8, 'a', 54, 50, 2012, 2024],
  ['toyota', 'rav4', SUV, 'gas', 'fwd awd', 4, 2.5, 'a', 27, 35, 2013, 2024],
  ['toyota', 'rav4 hybrid', SUV, 'gas', 'awd', 4, 2.5, 'a', 41, 38, 2016, 2024],
  ['toyota', 'tacoma', 'small pickup truck', 'gas', 'rwd 4wd', 6, 3.5, 'am', 19, 24, 2016, 2023],
  ['toyota', 'tundra', PICKUP, 'gas', 'rwd 4wd', 8, 5.7, 'a', 13, 17, 2012, 2021],
  ['honda', 'civic', 'compact car', 'gas', 'fwd', 4, 2.0, 'am', 31, 40, 2012, 2024],
  ['honda', 'accord', 'midsize car', 'gas', 'fwd', 4, 1.5, 'a', 30, 38, 2013, 2024],
  ['honda', 'cr-v', SUV, 'gas', 'fwd awd', 4, 1.5, 'a', 28, 34, 2012, 2024],
  ['honda', 'pilot', BIG_SUV, 'gas', 'fwd awd', 6, 3.5, 'a', 19, 26, 2012, 2024],
  ['honda', 'fit', 'subcompact car', 'gas', 'fwd', 4, 1.5, 'am', 33, 40, 2012, 2020],
  ['ford', 'f-150', PICKUP, 'gas', 'rwd 4wd', 6, 3.5, 'a', 18, 24, 2012, 2024],
  ['ford', 'f-150', PICKUP, 'gas', 'rwd 4wd', 8, 5.0, 'a', 17, 24, 2012, 2024],
  ['ford', 'mustang', 'subcompact car', 'gas', 'rwd', 4, 2.3, 'am', 21, 30, 2015, 2024],
  ['ford', 'mustang', 'subcompact car', 'gas', 'rwd', 8, 5.0, 'am', 15, 24, 2012, 2024],
  ['ford', 'escape', SUV, 'gas', 'fwd awd', 3, 1.5, 'a', 27, 34, 2020, 2024],
  ['ford', 'explorer', BIG_SUV, 'gas', 'rwd 4wd', 4, 2.3, 'a', 21, 28, 2016, 2024],
  ['ford', 'mustang mach-e', SUV, 'electricity', 'rwd awd', 0, 0, 'a', 105, 93, 2021, 2024],
  ['ford', 'fiesta', 'subcompact car', 'gas', 'fwd', 4, 1.6, 'am', 27, 35, 2012, 2019],
  ['chevrolet', 'silverado', PICKUP, 'gas', 'rwd 4wd', 8, 5.3, 'a', 16, 22, 2012, 2024],
  ['chevrolet', 'silverado', PICKUP, 'diesel', 'rwd 4wd', 6, 3.0, 'a', 23, 29, 2020, 2024],
  ['chevrolet', 'malibu', 'midsize car', 'gas', 'fwd', 4, 1.5, 'a', 29, 36, 2012, 2024],
  ['chevrolet', 'corvette', 'two seater', 'gas', 'rwd', 8, 6.2, 'am', 15, 27, 2012, 2024],
  ['chevrolet', 'bolt ev', 'small station wagon', 'electricity', 'fwd', 0, 0, 'a', 131, 109, 2017, 2023],
  ['chevrolet', 'equinox', SUV, 'gas', 'fwd awd', 4, 1.5, 'a', 26, 31, 2012, 2024],
  ['tesla', 'model 3', 'midsize car', 'electricity', 'rwd awd', 0, 0, 'a', 138, 126, 2017, 2024],
  ['tesla', 'model y', SUV, 'electricity', 'awd', 0, 0, 'a', 127, 117, 2020, 2024],
  ['tesla', 'model s', 'large car', 'electricity', 'awd', 0, 0, 'a', 124, 115, 2012, 2024],
  ['bmw', '330i', 'compact car', 'gas', 'rwd awd', 4, 2.0, 'a', 26, 36, 2016, 2024],
  ['bmw', '328d', 'compact car', 'diesel', 'rwd awd', 4, 2.0, 'a', 31, 43, 2014, 2018],
  ['bmw', 'm3', 'compact car', 'gas', 'rwd', 6, 3.0, 'am', 16, 23, 2014, 2024],
  ['bmw', 'x5', BIG_SUV, 'gas', 'awd', 6, 3.0, 'a', 21, 26, 2012, 2024],
  ['bmw', 'i4 edrive40', 'midsize car', 'electricity', 'rwd', 0, 0, 'a', 109, 108, 2022, 2024],
  ['mercedes-benz', 'c300', 'compact car', 'gas', 'rwd awd', 4, 2.0, 'a', 24, 33, 2015, 2024],
  ['mercedes-benz', 'g550', BIG_SUV, 'gas', '4wd', 8, 4.0, 'a', 13, 17, 2012, 2024],
  ['audi', 'a4', 'compact car', 'gas', 'fwd awd', 4, 2.0, 'am', 25, 34, 2012, 2024],
  ['audi', 'tt rs', 'minicompact car', 'gas', 'awd', 5, 2.5, 'a', 19, 29, 2018, 2022],
  ['audi', 'r8', 'two seater', 'gas', 'awd', 10, 5.2, 'a', 14, 23, 2012, 2023],
  ['volkswagen', 'golf', 'compact car', 'gas', 'fwd', 4, 1.4, 'am', 29, 36, 2012, 2021],
  ['volkswagen', 'golf tdi', 'compact car', 'diesel', 'fwd', 4, 2.0, 'am', 31, 43, 2012, 2015],
  ['volkswagen', 'jetta', 'compact car', 'gas', 'fwd', 4, 1.4, 'am', 30, 40, 2012, 2024],
  ['volvo', 's60', 'compact car', 'gas', 'fwd awd', 5, 2.5, 'a', 20, 29, 2012, 2016],
  ['volvo', 'xc90', BIG_SUV, 'gas', 'awd', 4, 2.0, 'a', 20, 27, 2016, 2024],
  ['subaru', 'outback', 'midsize station wagon', 'gas', 'awd', 4, 2.5, 'a', 26, 33, 2012, 2024],
  ['subaru', 'wrx', 'compact car', 'gas', 'awd', 4, 2.4, 'am', 19, 26, 2015, 2024],
  ['mazda', 'mx-5', 'two seater', 'gas', 'rwd', 4, 2.0, 'am', 26, 34, 2012, 2024],
  ['mazda', 'cx-5', SUV, 'gas', 'fwd awd', 4, 2.5, 'a', 25, 31, 2013, 2024],
  ['mazda', 'rx-8', 'subcompact car', 'gas', 'rwd', 2, 1.3, 'am', 16, 22, 2009, 2011],
  ['nissan', 'leaf', 'midsize car', 'electricity', 'fwd', 0, 0, 'a', 123, 99, 2012, 2024],
  ['nissan', 'altima', 'midsize car', 'gas', 'fwd awd', 4, 2.5, 'a', 28, 39, 2012, 2024],
  ['nissan', 'gt-r', 'subcompact car', 'gas', 'awd', 6, 3.8, 'a', 16, 22, 2012, 2024],
  ['jeep', 'wrangler', SUV, 'gas', '4wd', 6, 3.6, 'am', 17, 25, 2012, 2024],
  ['jeep', 'wrangler', SUV, 'diesel', '4wd', 6, 3.0, 'a', 22, 29, 2020, 2023],
  ['ram', '1500', PICKUP, 'gas', 'rwd 4wd', 8, 5.7, 'a', 15, 22, 2012, 2024],
  ['porsche', '911 carrera', 'minicompact car', 'gas', 'rwd', 6, 3.0, 'am', 18, 24, 2012, 2024],
  ['ferrari', '812 superfast', 'minicompact car', 'gas', 'rwd', 12, 6.5, 'a', 12, 16, 2018, 2023],
  ['lamborghini', 'aventador', 'two seater', 'gas', 'awd', 12, 6.5, 'a', 9, 15, 2012, 2022],
  ['bugatti', 'chiron', 'two seater', 'gas', 'awd', 16, 8.0, 'a', 9, 14, 2018, 2023],
  ['mini', 'cooper', 'minicompact car', 'gas', 'fwd', 3, 1.5, 'am', 28, 38, 2014, 2024],
  ['hyundai', 'elantra', 'compact car', 'gas', 'fwd', 4, 2.0, 'a', 31, 41, 2012, 2024],
  ['hyundai', 'ioniq 5', SUV, 'electricity', 'rwd awd', 0, 0, 'a', 114, 98, 2022, 2024],
  ['kia', 'soul', 'small station wagon', 'gas', 'fwd', 4, 2.0, 'a', 27, 33, 2012, 2024],
  ['kia', 'ev6', SUV, 'electricity', 'rwd awd', 0, 0, 'a', 116, 94, 2022, 2024],
];

/** Each model every second year of its span, in each drive and transmission it was sold with. */
function buildCars(): DemoCar[] {
  const cars: DemoCar[] = [];
  for (const [make, model, carClass, fuel_type, drives, cylinders, displacement, transmissions, city, highway, first, last] of MODELS) {
    for (let year = last; year >= first; year -= 2) {
      for (const drive of drives.split(' ')) {
        for (const transmission of transmissions) {
          const faker = seededFaker('F', make, model, cylinders, year, drive, transmission);
          // Newer years are a little more frugal; all-wheel and manual variants differ slightly.
          const age = Math.floor((2024 - year) / 3);
          const drivePenalty = drive === 'awd' || drive === '4wd' ? 1 : 0;
          const manualDelta = transmission === 'm' ? -1 : 0;
          const city_mpg = Math.max(8, city - age - drivePenalty + manualDelta + faker.number.int({ min: -1, max: 1 }));
          const highway_mpg = Math.max(10, highway - age - drivePenalty + manualDelta + faker.number.int({ min: -1, max: 1 }));
          cars.push({
            city_mpg,
            class: carClass,
            combination_mpg: Math.round(0.55 * city_mpg + 0.45 * highway_mpg),
            cylinders,
            displacement,
            drive,
            fuel_type,
            highway_mpg,
            make,
            model,
            transmission,
            year,
          });
        }
      }
    }
  }
  return cars;
}

let cached: DemoCar[] | undefined;

/** The whole demo fleet, newest model years first within each model. */
export function demoCars(): readonly DemoCar[] {
  cached ??= buildCars();
  return cached;
}
