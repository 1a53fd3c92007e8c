// G: D's property with its recorded mortgage; unknown ids answer as D does.
import type { propertyMortgage } from '../lookups/g-property-mortgage.ts';
import type { DemoGeneratorFor } from './demo-types.ts';
import { mortgageFor, propertyAnswer, propertyFor } from './property-world.ts';

export const propertyMortgageDemo: DemoGeneratorFor<typeof propertyMortgage> = ({ params }) => {
  const { recordid } = params;
  const property = propertyFor(recordid);
  return propertyAnswer(recordid, property && { ...property, mortgage: mortgageFor(recordid) });
};
