// The fact sheet of one property: what, where, how big, and (G) its mortgage.
import type { ReactNode } from 'react';
import type { PropertyRecord } from './property-body.ts';
import { Fact } from './fact.tsx';
import { formatDate, formatInteger, formatMoney } from './format.ts';

type Row = [name: string, value: ReactNode | undefined];

function FactGroup({ title, rows }: { title: string; rows: Row[] }) {
  const shown = rows.filter(([, value]) => value !== undefined && value !== '' && value !== null);
  if (shown.length === 0) return null;
  return (
    <section className="fact-group" aria-label={title}>
      <h4>{title}</h4>
      <dl className="fact-list">
        {shown.map(([name, value]) => (
          <Fact key={name} name={name}>
            {value}
          </Fact>
        ))}
      </dl>
    </section>
  );
}

const sqft = (value: number | undefined) => (value ? `${formatInteger(value)} sq ft` : undefined);
const dateOf = (value: string | undefined) => (value ? formatDate(value) : undefined);

export function PropertyFacts({ property }: { property: PropertyRecord }) {
  const { summary, building, lot, utilities, mortgage, location, identifier, vintage } = property;
  const living = building?.size?.livingsize;
  const built = building?.size?.bldgsize ?? building?.size?.universalsize;
  return (
    <div className="fact-groups">
      <FactGroup
        title="Property"
        rows={[
          ['Type', [summary?.proptype, summary?.propsubtype].filter(Boolean).join(' · ') || undefined],
          ['Class', summary?.propclass],
          ['Land use', summary?.propLandUse],
          ['Year built', summary?.yearbuilt || undefined],
          ['Style', building?.summary?.archStyle],
          ['Levels', building?.summary?.levels || undefined],
          ['Condition', building?.construction?.condition],
        ]}
      />
      <FactGroup
        title="Size and rooms"
        rows={[
          ['Living area', sqft(living)],
          // The building's size only when it says more than the living area.
          ['Building', built !== living ? sqft(built) : undefined],
          ['Lot', lot?.lotsize2 ? `${formatInteger(lot.lotsize2)} sq ft` : lot?.lotsize1 ? `${lot.lotsize1} acres` : undefined],
          ['Bedrooms', building?.rooms?.beds],
          ['Bathrooms', building?.rooms?.bathstotal],
          ['Rooms', building?.rooms?.roomsTotal || undefined],
          ['Parking', building?.parking?.prkgSpaces],
          ['Pool', lot?.pooltype],
          ['Heating', [utilities?.heatingtype, utilities?.heatingfuel].filter(Boolean).join(' · ') || undefined],
        ]}
      />
      <FactGroup
        title="Mortgage"
        rows={[
          ['Amount', mortgage?.amount ? formatMoney(mortgage.amount) : undefined],
          ['Recorded', dateOf(mortgage?.date)],
          ['Due', dateOf(mortgage?.duedate)],
          ['Deed type', mortgage?.deedtype],
          ['Lender code', mortgage?.lender?.companycode],
          ['Title company', mortgage?.title?.companyname],
        ]}
      />
      <FactGroup
        title="Record"
        rows={[
          ['Property id', identifier?.Id],
          ['APN', identifier?.apn],
          ['FIPS', identifier?.fips],
          ['Coordinates', location?.latitude && location.longitude ? `${location.latitude}, ${location.longitude}` : undefined],
          ['Last modified', dateOf(vintage?.lastModified)],
        ]}
      />
    </div>
  );
}
