// D's and G's own view: a fact sheet per property (G's includes the mortgage).
import { typedBody } from '../lookups/answer.ts';
import { MASKED_TEXT } from '../lookups/masking.ts';
import { propertyDetailResponse } from '../lookups/d-property-detail.ts';
import { propertyMortgageResponse } from '../lookups/g-property-mortgage.ts';
import type { OwnViewProps } from '../results/slots.ts';
import type { PropertyRecord } from './property-body.ts';
import { PropertyFacts } from './property-facts.tsx';
import { ViewMessage } from './view-message.tsx';
import './views.css';

/**
 * A property's title: its one-line address; when masking hid the street, the area it is in and its
 * record id ("Phoenix, AZ 85016 · #184713191"), which masking leaves and which tell two apart.
 */
function addressOf(property: PropertyRecord, index: number): string {
  const address = property.address;
  const line = address?.oneLine || [address?.line1, address?.line2].filter(Boolean).join(', ');
  if (line && !line.startsWith(MASKED_TEXT)) return line;
  const area = [address?.locality, [address?.countrySubd, address?.postal1].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const id = property.identifier?.Id;
  return [area, id !== undefined && `#${id}`].filter(Boolean).join(' · ') || `Property ${index + 1}`;
}

export default function PropertySheet({ answer, selectedIndex, onSelect }: OwnViewProps) {
  // D's and G's typed bodies (G's properties add the mortgage); indices are those of the records.
  // D declares no mortgage, so a field of that name in a D body is not read as one.
  const listed: ReadonlyArray<PropertyRecord | undefined> =
    typedBody(answer, propertyMortgageResponse)?.body?.property ??
    typedBody(answer, propertyDetailResponse)?.body?.property?.map((entry) => entry && { ...entry, mortgage: undefined }) ??
    [];
  const properties = listed.map((entry) => entry ?? {});
  if (properties.length === 0) return <ViewMessage>This body has no property to show.</ViewMessage>;
  const shown = selectedIndex !== undefined && selectedIndex < properties.length ? selectedIndex : 0;
  const property = properties[shown]!;

  return (
    <article className="view-card property-sheet" aria-labelledby="property-heading">
      <h3 id="property-heading">{addressOf(property, shown)}</h3>
      {properties.length > 1 && (
        <label className="property-sheet__chooser">
          Property
          <select value={shown} onChange={(event) => onSelect(Number(event.target.value))}>
            {properties.map((entry, index) => (
              <option key={index} value={index}>
                {addressOf(entry, index)}
              </option>
            ))}
          </select>
        </label>
      )}
      <PropertyFacts property={property} />
    </article>
  );
}
