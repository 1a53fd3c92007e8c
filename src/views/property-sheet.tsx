// D's and G's own view: a fact sheet per property (G's includes the mortgage).
import type { OwnViewProps } from '../results/slots.ts';
import { propertyBody } from './property-body.ts';
import type { PropertyRecord } from './property-body.ts';
import { PropertyFacts } from './property-facts.tsx';
import { ViewMessage } from './view-message.tsx';
import './views.css';

const addressOf = (property: PropertyRecord, index: number) =>
  property.address?.oneLine || [property.address?.line1, property.address?.line2].filter(Boolean).join(', ') || `Property ${index + 1}`;

export default function PropertySheet({ body, selectedIndex, onSelect }: OwnViewProps) {
  const parsed = propertyBody.safeParse(body);
  if (!parsed.success || parsed.data.property.length === 0) return <ViewMessage>This body has no property to show.</ViewMessage>;
  const properties = parsed.data.property;
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
