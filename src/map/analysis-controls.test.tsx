import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AnalysisControls } from './analysis-controls.tsx';
import type { MapAnalysis } from '../results/slots.ts';

afterEach(cleanup);

const analysis = (change: Partial<MapAnalysis>): MapAnalysis => ({
  look: {},
  onLookChange: () => undefined,
  onToggleCategory: () => undefined,
  categoryColumns: ['call_city_key', 'call_type'],
  numberColumns: [],
  demo: true,
  ...change,
});

describe('AnalysisControls', () => {
  it('shows the colour column in use, and "(none)" writes none rather than dropping back to the default', async () => {
    const onLookChange = vi.fn();
    render(<AnalysisControls analysis={analysis({ onLookChange })} colorColumn="call_type" sizeColumn={undefined} />);
    const colourBy = screen.getByRole('combobox', { name: 'Colour by' });
    expect(colourBy).toHaveValue('call_type');
    await userEvent.selectOptions(colourBy, '(none)');
    expect(onLookChange).toHaveBeenCalledWith({ color: 'none' });
  });
  it('leaves out Size by where there is no amount, and offers the amounts where there are', () => {
    render(<AnalysisControls analysis={analysis({})} colorColumn={undefined} sizeColumn={undefined} />);
    expect(screen.queryByRole('combobox', { name: 'Size by' })).toBeNull();
    cleanup();
    render(
      <AnalysisControls
        analysis={analysis({ numberColumns: ['totalNumberOfConnectors'] })}
        colorColumn={undefined}
        sizeColumn={undefined}
      />,
    );
    expect(screen.getByRole('option', { name: 'totalNumberOfConnectors' })).toBeTruthy();
  });
});
