// Point radius from a numeric column (`size=`): the square root of the value between the column's
// smallest and largest, so a point's area follows its value; a point without one keeps the default.

export const MIN_RADIUS = 4;
export const MAX_RADIUS = 14;
const DEFAULT_RADIUS = 6;

/** A radius function over record positions for these values (NaN: none). */
export function sizeScale(values: Float64Array): (index: number) => number {
  let low = Infinity;
  let high = -Infinity;
  for (const value of values) {
    if (Number.isNaN(value)) continue;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  const span = Math.sqrt(Math.max(0, high - low));
  return (index) => {
    const value = values[index];
    if (value === undefined || Number.isNaN(value) || !Number.isFinite(low)) return DEFAULT_RADIUS;
    return span === 0 ? DEFAULT_RADIUS : MIN_RADIUS + ((MAX_RADIUS - MIN_RADIUS) * Math.sqrt(value - low)) / span;
  };
}
