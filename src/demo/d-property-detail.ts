// D: one property by record id; unknown ids answer as the provider does (HTTP 400, SuccessWithoutResult).
import type { propertyDetail } from '../lookups/d-property-detail.ts';
import type { DemoGeneratorFor } from './demo-types.ts';
import { propertyAnswer, propertyFor } from './property-world.ts';

export const propertyDetailDemo: DemoGeneratorFor<typeof propertyDetail> = ({ params }) => {
  const { recordid } = params;
  return propertyAnswer(recordid, propertyFor(recordid));
};
