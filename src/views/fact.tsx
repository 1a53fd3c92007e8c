// One name/value row of a view's fact list (`<dl className="fact-list">`).
import type { ReactNode } from 'react';

export function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}
