import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { paramMeta } from '../lookups/param.ts';
import { podcastSearch } from '../lookups/t-podcast-search.ts';
import { EpochMsInput, epochMsToPicker, epochMsToText, pickerToEpochMs } from './epoch-ms-input.tsx';

const publishedAfter = podcastSearch.operations[0].params.shape.published_after;

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="published_after">published_after</label>
      <EpochMsInput
        id="published_after"
        name="published_after"
        meta={paramMeta(publishedAfter)!}
        value={value}
        onChange={setValue}
        invalid={false}
        describedBy="published_after-help"
      />
      <p id="published_after-help">Only results published after this moment, in epoch milliseconds.</p>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'published_after' }) as HTMLInputElement;
const picker = () => screen.getByLabelText('published_after as a UTC date and time') as HTMLInputElement;

describe('EpochMsInput', () => {
  it("keeps the parameter's name as the label of the raw epoch milliseconds", () => {
    render(<Field initial="1622548800000" />);
    expect(field()).toHaveValue('1622548800000');
    expect(field()).toHaveAccessibleDescription(/2021-06-01 12:00:00 UTC/);
  });

  it('writes the epoch milliseconds of the moment picked, read as UTC', () => {
    render(<Field />);
    expect(picker()).toHaveAttribute('type', 'datetime-local');
    expect(picker()).toHaveValue('');
    fireEvent.change(picker(), { target: { value: '2024-03-05T06:07:08' } });
    expect(field()).toHaveValue(String(Date.UTC(2024, 2, 5, 6, 7, 8)));
    expect(screen.getByText('2024-03-05 06:07:08 UTC')).toBeInTheDocument();
    // Without seconds, as a picker set to whole minutes sends it.
    fireEvent.change(picker(), { target: { value: '2025-01-01T00:00' } });
    expect(field()).toHaveValue('1735689600000');
  });

  it('shows the typed epoch milliseconds in the picker, and clears the field when the picker is cleared', async () => {
    render(<Field />);
    await userEvent.type(field(), '1577836805000');
    // Browsers (and jsdom) normalise the shown value: "…T00:00:05" or "…T00:00:05.000".
    expect(picker().value).toMatch(/^2020-01-01T00:00:05(\.000)?$/);
    expect(pickerToEpochMs(picker().value)).toBe('1577836805000');
    fireEvent.change(picker(), { target: { value: '' } });
    expect(field()).toHaveValue('');
    expect(screen.getByText('no moment chosen')).toBeInTheDocument();
  });

  it('is reachable by keyboard: the field, then the picker', async () => {
    render(<Field />);
    const user = userEvent.setup();
    await user.tab();
    expect(field()).toHaveFocus();
    await user.tab();
    expect(picker()).toHaveFocus();
  });

  it('leaves the picker empty for text that is not a moment', () => {
    render(<Field initial="12abc" />);
    expect(picker()).toHaveValue('');
    expect(screen.getByText('not a moment')).toBeInTheDocument();
  });
});

describe('epoch conversions', () => {
  it('go both ways in UTC', () => {
    expect(epochMsToText('0')).toBe('1970-01-01 00:00:00 UTC');
    expect(epochMsToPicker('1735689600000')).toBe('2025-01-01T00:00:00');
    expect(pickerToEpochMs('2025-01-01T00:00:00')).toBe('1735689600000');
    expect(pickerToEpochMs('2025-01-01T00:00:00.5')).toBe('1735689600500');
    expect(pickerToEpochMs('2025-01-01')).toBeUndefined();
    expect(pickerToEpochMs('1960-01-01T00:00')).toBeUndefined();
    expect(epochMsToPicker('8640000000000001')).toBe('');
  });
});
