// D: one property by record id; unknown ids answer as the provider does (HTTP 400, SuccessWithoutResult).
import type { DemoGenerator } from './demo-types.ts';
import { propertyAnswer, propertyFor } from './property-world.ts';

export const propertyDetailDemo: DemoGenerator = ({ params }) => {
  const recordid = Number(params.recordid);
  return propertyAnswer(recordid, propertyFor(recordid));
};
