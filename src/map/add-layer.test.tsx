import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MapAnalysis } from '../results/slots.ts';
import { AddLayer } from './add-layer.tsx';

describe('AddLayer', () => {
  it('says in the map why a layer the link names is not drawn, beside "Remove the added layers"', () => {
    const analysis = {
      look: { layers: ['abc'] },
      onLookChange: () => undefined,
      layerNotices: [{ id: 'abc', message: 'This layer was added in another browser and was not shared.' }],
    } as unknown as MapAnalysis;
    render(<AddLayer analysis={analysis} />);
    expect(screen.getByRole('button', { name: 'Remove the added layers' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This layer was added in another browser and was not shared.');
  });
});
