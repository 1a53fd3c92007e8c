// G: D's property with its recorded mortgage; unknown ids answer as D does.
import { propertyMortgage } from '../lookups/g-property-mortgage.ts';
import { defineDemo } from './demo-types.ts';
import { mortgageFor, propertyAnswer, propertyFor } from './property-world.ts';

export const propertyMortgageDemo = defineDemo(propertyMortgage, ({ params }) => {
  const { recordid } = params;
  const property = propertyFor(recordid);
  return propertyAnswer(recordid, property && { ...property, mortgage: mortgageFor(recordid) });
});
