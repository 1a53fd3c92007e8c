// A body holding every field of the spec's Q entry, as the provider sends it.
export const aviationTaxesSample = [
  { taxId: '10', nameTax: 'UK Air Passenger Duty', codeIataTax: 'GB' },
  { taxId: '8', nameTax: 'Carrier-Imposed Fuel Surcharge', codeIataTax: 'YQ' },
];
