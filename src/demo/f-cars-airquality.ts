// F's air-quality demo: concentrations seeded by the place asked for, and each pollutant's AQI
// from US EPA breakpoints (converted to µg/m³), so the numbers agree with each other.
import { POLLUTANTS } from '../lookups/cars-airquality.ts';
import type { airQualityOperation } from '../lookups/cars-airquality.ts';
import type { ParamsOf } from '../lookups/define-lookup.ts';
import { json, providerError, type DemoOperationGenerator } from './demo-types.ts';
import { seededFaker } from './seeded.ts';

type Pollutant = (typeof POLLUTANTS)[number];

const AQI_STEPS = [0, 50, 100, 150, 200, 300, 500];
/** Concentration at each AQI step, in µg/m³. */
const BREAKPOINTS: Record<Pollutant, readonly number[]> = {
  CO: [0, 5038, 10763, 14198, 17633, 34808, 57708],
  NO2: [0, 100, 188, 677, 1220, 2349, 3869],
  O3: [0, 106, 137, 167, 206, 392, 784],
  SO2: [0, 92, 197, 485, 797, 1583, 2631],
  'PM2.5': [0, 12, 35.4, 55.4, 150.4, 250.4, 500.4],
  PM10: [0, 54, 154, 254, 354, 424, 604],
};
/** Typical urban ranges, µg/m³. */
const RANGES: Record<Pollutant, readonly [number, number]> = {
  CO: [150, 900],
  NO2: [2, 90],
  O3: [10, 150],
  SO2: [0.5, 30],
  'PM2.5': [1, 70],
  PM10: [2, 110],
};

export function aqiOf(pollutant: Pollutant, concentration: number): number {
  const points = BREAKPOINTS[pollutant];
  for (let step = 1; step < points.length; step++) {
    const high = points[step]!;
    if (concentration <= high) {
      const low = points[step - 1]!;
      const [aqiLow, aqiHigh] = [AQI_STEPS[step - 1]!, AQI_STEPS[step]!];
      return Math.round(aqiLow + ((concentration - low) / (high - low)) * (aqiHigh - aqiLow));
    }
  }
  return 500;
}

/** The place that identifies the answer: coordinates to about a kilometre, or the names without case. */
function placeKey(params: ParamsOf<typeof airQualityOperation>): string | undefined {
  if (params.lat !== undefined && params.lon !== undefined) return `${params.lat.toFixed(2)},${params.lon.toFixed(2)}`;
  if (params.city === undefined) return undefined;
  return [params.city, params.state ?? '', params.country ?? ''].map((part) => part.trim().toLowerCase()).join('|');
}

export const airQualityDemo: DemoOperationGenerator<typeof airQualityOperation> = ({ params }) => {
  const place = placeKey(params);
  if (!place) return providerError(400, { error: 'Either city or lat and lon must be set.' });
  const faker = seededFaker('F', 'airquality', place);
  const readings = POLLUTANTS.map((pollutant) => {
    const [min, max] = RANGES[pollutant];
    const concentration = faker.number.float({ min, max, fractionDigits: 2 });
    return [pollutant, { concentration, aqi: aqiOf(pollutant, concentration) }] as const;
  });
  const overall = Math.max(0, ...readings.map(([, reading]) => reading.aqi));
  // Every pollutant is in `readings`, so the entries make the full record.
  const body = Object.fromEntries(readings) as Record<Pollutant, { concentration: number; aqi: number }>;
  return json({ ...body, overall_aqi: overall });
};
