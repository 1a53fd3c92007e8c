// D: one property by record id; unknown ids answer as the provider does (HTTP 400, SuccessWithoutResult).
import { propertyDetail } from '../lookups/d-property-detail.ts';
import { defineDemo } from './demo-types.ts';
import { propertyAnswer, propertyFor } from './property-world.ts';

export const propertyDetailDemo = defineDemo(propertyDetail, ({ params }) => {
  const { recordid } = params;
  return propertyAnswer(recordid, propertyFor(recordid));
});
