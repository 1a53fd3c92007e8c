// D's sample body with the mortgage section G adds.
import { propertyMortgage } from '../../g-property-mortgage.ts';
import { defineSamples } from '../define-samples.ts';
import { propertyDetailSample, propertySample } from './d-property-detail.sample.ts';

export const propertyMortgageSample = {
  ...propertyDetailSample,
  property: [
    {
      ...propertySample,
      mortgage: {
        lender: { companycode: '40513' },
        title: { companyname: 'FIDELITY NATIONAL TITLE' },
        amount: 612000,
        date: '2019-05-23',
        deedtype: 'DEED OF TRUST',
        duedate: '2049-06-01',
      },
    },
  ],
};

export const samples = defineSamples(propertyMortgage, { detailmortgage: [propertyMortgageSample] });
