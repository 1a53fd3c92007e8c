// G: D's property with its recorded mortgage; unknown ids answer as D does.
import type { DemoGenerator } from './demo-types.ts';
import { mortgageFor, propertyAnswer, propertyFor } from './property-world.ts';

export const propertyMortgageDemo: DemoGenerator = ({ params }) => {
  const recordid = Number(params.recordid);
  const property = propertyFor(recordid);
  return propertyAnswer(recordid, property && { ...property, mortgage: mortgageFor(recordid) });
};
