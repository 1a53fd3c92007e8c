import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { LookupDefinition, Operation } from '../lookups/define-lookup.ts';
import { movie } from '../lookups/a-movie.ts';
import { currencyTimeseries } from '../lookups/i-currency-timeseries.ts';
import type { FormValues } from './form-values.ts';
import type { FieldErrors } from './validate-values.ts';
import { ParamForm } from './param-form.tsx';
import { everyWidgetLookup, postLookup } from './testing/every-widget-lookup.ts';

interface HarnessProps {
  lookup: LookupDefinition;
  operation?: Operation;
  initial?: FormValues;
  isRunning?: boolean;
  urlErrors?: FieldErrors;
}

function renderForm({ lookup, operation = lookup.operations[0], initial = {}, isRunning = false, urlErrors }: HarnessProps) {
  const onSubmit = vi.fn<(values: FormValues) => void>();
  const onOperationChange = vi.fn<(id: string) => void>();
  const onCancel = vi.fn<() => void>();
  function Harness() {
    const [values, setValues] = useState(initial);
    return (
      <ParamForm
        lookup={lookup}
        operation={operation}
        values={values}
        onValuesChange={setValues}
        onOperationChange={onOperationChange}
        onSubmit={onSubmit}
        isRunning={isRunning}
        onCancel={onCancel}
        urlErrors={urlErrors}
      >
        <p>location picker slot</p>
      </ParamForm>
    );
  }
  render(<Harness />);
  return { onSubmit, onOperationChange, onCancel, user: userEvent.setup() };
}

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

const validSearch = { region: 'north', start_date: '2024-01-01', end_date: '2024-01-31' };

describe('ParamForm: generated controls', () => {
  it('names every control exactly by its parameter, with the widget its hint asks for', () => {
    renderForm({ lookup: everyWidgetLookup });
    const named = [
      'region',
      'q',
      'limit',
      'score',
      'radius',
      'symbols',
      'datetime_ini',
      'lat',
      'lon',
      'distance',
      'prox',
      'published_after',
    ];
    for (const name of named) expect(screen.getByRole(name === 'symbols' ? 'combobox' : 'textbox', { name })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'verified' })).toBeInstanceOf(HTMLSelectElement);
    expect(screen.getByRole('combobox', { name: 'fuel_type' })).toBeInstanceOf(HTMLSelectElement);
    expect(screen.getByLabelText('start_date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('end_date')).toHaveAttribute('type', 'date');
    expect(screen.getByText('location picker slot')).toBeInTheDocument();
  });

  it('groups path and query parameters and marks required fields visually and for assistive technology', () => {
    renderForm({ lookup: everyWidgetLookup });
    const path = screen.getByRole('group', { name: 'Path' });
    expect(within(path).getByRole('textbox', { name: 'region' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('group', { name: 'Query' })).toBeInTheDocument();
    expect(screen.getByLabelText('q')).not.toHaveAttribute('aria-required');
    expect(screen.getAllByText('required')).toHaveLength(3);
  });

  it('describes each control with its title, help and hints', () => {
    renderForm({ lookup: everyWidgetLookup });
    expect(screen.getByLabelText('limit')).toHaveAccessibleDescription(
      'Limit. How many results. From 1 to 50. Left empty, the provider uses 5.',
    );
    expect(screen.getByLabelText('lat')).toHaveAccessibleDescription(/Latitude\. Degrees north\. From -90 to 90\./);
  });

  it('offers any/true/false for booleans and the choices for enums', () => {
    renderForm({ lookup: everyWidgetLookup });
    const options = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('verified')).toEqual(['any (not sent)', 'true', 'false']);
    expect(options('fuel_type')).toEqual(['any (not sent)', 'gas', 'diesel', 'electricity']);
  });

  it('suggests list items that complete the comma list', async () => {
    const { user } = renderForm({ lookup: everyWidgetLookup });
    const symbols = screen.getByRole('combobox', { name: 'symbols' });
    await user.type(symbols, 'USD,');
    const datalist = document.getElementById(symbols.getAttribute('list')!)!;
    expect([...datalist.querySelectorAll('option')].map((option) => option.value)).toEqual(['USD,GBP', 'USD,JPY']);
  });

  it('shows epoch milliseconds as a date and fills a datetime with "Now"', async () => {
    const { user } = renderForm({ lookup: everyWidgetLookup });
    await user.type(screen.getByRole('textbox', { name: 'published_after' }), '1622548800000');
    expect(screen.getByText('2021-06-01 12:00:00 UTC')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Now for datetime_ini' }));
    expect((screen.getByRole('textbox', { name: 'datetime_ini' }) as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
    );
  });

  it('shows the request live, incomplete while a path parameter is missing', async () => {
    const { user } = renderForm({ lookup: movie });
    expect(screen.getByText('GET /proxy/a/movie/{movie_id}')).toBeInTheDocument();
    expect(screen.getByText('(incomplete)')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'movie_id' }), '550');
    await user.type(screen.getByRole('textbox', { name: 'language' }), 'de-DE');
    expect(screen.getByText('GET /proxy/a/movie/550?language=de-DE')).toBeInTheDocument();
    expect(screen.queryByText('(incomplete)')).not.toBeInTheDocument();
  });

  it('shows the JSON body of a POST operation', () => {
    renderForm({ lookup: postLookup, initial: { profile_id: 'ada' } });
    expect(screen.getByText('POST /proxy/p/profile-details')).toBeInTheDocument();
    expect(screen.getByLabelText('Request body')).toHaveTextContent('"profile_id": "ada"');
  });
});

describe('ParamForm: validation and sending', () => {
  it('shows messages at the fields and in a summary, focuses the first, and never sends', async () => {
    const { user, onSubmit } = renderForm({
      lookup: everyWidgetLookup,
      initial: { ...validSearch, region: '', lat: '91', verified: 'maybe' },
    });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const region = screen.getByRole('textbox', { name: 'region' });
    expect(region).toHaveFocus();
    expect(region).toHaveAttribute('aria-invalid', 'true');
    expect(region).toHaveAccessibleDescription(/^region is required/);
    expect(screen.getByLabelText('lat')).toHaveAccessibleDescription(/^lat must be between -90 and 90/);
    expect(screen.getByRole('combobox', { name: 'verified' })).toHaveAccessibleDescription(/^verified must be true or false/);
    const summary = screen.getByRole('region', { name: 'Fix 3 problems before sending' });
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'region is required',
      'verified must be true or false',
      'lat must be between -90 and 90',
    ]);
    await user.click(links[2]!);
    expect(screen.getByLabelText('lat')).toHaveFocus();
  });

  it('reports a rule between fields at the field it names', async () => {
    const { user, onSubmit } = renderForm({ lookup: everyWidgetLookup, initial: { ...validSearch, end_date: '2023-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const endDate = screen.getByLabelText('end_date');
    expect(endDate).toHaveFocus();
    expect(endDate).toHaveAttribute('aria-invalid', 'true');
    expect(endDate).toHaveAccessibleDescription(/^end_date is before start_date/);
    expect(screen.getByRole('link', { name: 'end_date is before start_date' })).toBeInTheDocument();
  });

  it('clears a message when its field is edited', async () => {
    const { user } = renderForm({ lookup: movie, initial: { movie_id: '0' } });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const movieId = screen.getByRole('textbox', { name: 'movie_id' });
    expect(screen.getByText('movie_id must be at least 1', { selector: '.field-error' })).toBeInTheDocument();
    await user.type(movieId, '7');
    expect(movieId).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('movie_id must be at least 1')).not.toBeInTheDocument();
  });

  it('retires a message when something else (the map picker) changes its field', async () => {
    const props = {
      lookup: movie,
      operation: movie.operations[0],
      onValuesChange: () => {},
      onOperationChange: () => {},
      onSubmit: vi.fn(),
      isRunning: false,
      onCancel: () => {},
    };
    const { rerender } = render(<ParamForm {...props} values={{ movie_id: '0' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('textbox', { name: 'movie_id' })).toHaveAttribute('aria-invalid', 'true');
    rerender(<ParamForm {...props} values={{ movie_id: '5' }} />);
    expect(screen.getByRole('textbox', { name: 'movie_id' })).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('region', { name: /Fix/ })).not.toBeInTheDocument();
  });

  it('sends valid values with the button and with Ctrl+Enter or Cmd+Enter from any control', async () => {
    const { user, onSubmit } = renderForm({ lookup: movie, initial: { movie_id: '550' } });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ movie_id: '550' });
    await user.type(screen.getByRole('textbox', { name: 'language' }), 'en-US');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenLastCalledWith({ movie_id: '550', language: 'en-US' });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'append_to_response' }), { key: 'Enter', metaKey: true });
    expect(onSubmit).toHaveBeenCalledTimes(3);
  });

  it('does not send an invalid form with Ctrl+Enter either', async () => {
    const { user, onSubmit } = renderForm({ lookup: movie, initial: { movie_id: 'abc' } });
    await user.click(screen.getByRole('textbox', { name: 'language' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'movie_id' })).toHaveFocus();
  });

  it('fills the example and clears the form, retiring old messages', async () => {
    const { user, onSubmit } = renderForm({ lookup: movie });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByText('movie_id is required', { selector: '.field-error' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try an example' }));
    expect(screen.getByRole('textbox', { name: 'movie_id' })).toHaveValue('550');
    expect(screen.getByRole('textbox', { name: 'language' })).toHaveValue('en-US');
    expect(screen.queryByText('movie_id is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).toHaveBeenCalledWith({ movie_id: '550', language: 'en-US' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'movie_id' })).toHaveValue('');
  });

  it('shows the problems of an invalid link without sending', () => {
    renderForm({
      lookup: movie,
      initial: { movie_id: 'abc' },
      urlErrors: { fields: { movie_id: 'movie_id must be a whole number' }, form: [] },
    });
    expect(screen.getByRole('textbox', { name: 'movie_id' })).toHaveAccessibleDescription(/^movie_id must be a whole number/);
  });

  it('offers Cancel only while a request runs', async () => {
    renderForm({ lookup: movie });
    // Idle, Cancel keeps its place (hidden) so that nothing moves when a request starts.
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    cleanup();
    const { user, onCancel } = renderForm({ lookup: movie, isRunning: true });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('Sending…');
  });
});

describe('ParamForm: operations', () => {
  it('offers an "Operation" radio group when a lookup has several, and reports the choice', async () => {
    const { user, onOperationChange } = renderForm({ lookup: everyWidgetLookup });
    const chooser = screen.getByRole('radiogroup', { name: 'Operation' });
    expect(within(chooser).getByRole('radio', { name: 'Search events' })).toBeChecked();
    await user.click(within(chooser).getByRole('radio', { name: 'Region summary' }));
    expect(onOperationChange).toHaveBeenCalledWith('summary');
    // Shown at once, before the parent's navigation arrives.
    expect(within(chooser).getByRole('radio', { name: 'Region summary' })).toBeChecked();
  });

  it('renders the chosen operation’s fields and no chooser for single-operation lookups', () => {
    renderForm({ lookup: everyWidgetLookup, operation: everyWidgetLookup.operations[1] });
    expect(screen.getByRole('textbox', { name: 'lang' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'q' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Region summary' })).toBeChecked();
  });

  it('has no operation chooser for a lookup with one operation', () => {
    renderForm({ lookup: movie });
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});

describe('ParamForm: dates that have not begun', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a future date at its field with a clear message, and bounds the date control at today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const { user, onSubmit } = renderForm({ lookup: currencyTimeseries, initial: { start_date: '2030-01-01', end_date: '2030-02-01' } });
    const start = screen.getByLabelText('start_date');
    expect(start).toHaveAttribute('max', '2026-11-25');
    expect(start).toHaveAttribute('min', '1999-01-01');
    // The help says the range once and names no typed format: the native control shows the browser's own.
    expect(start).toHaveAccessibleDescription('Start date. First day of the time frame. From 1999-01-01 to today (UTC).');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveFocus();
    expect(start).toHaveAccessibleDescription(/^start_date must not be in the future \(today is 2026-11-25, UTC\)/);
    expect(screen.getByLabelText('end_date')).toHaveAccessibleDescription(/^end_date must not be in the future/);
    await user.clear(start);
    await user.type(start, '2026-11-01');
    await user.clear(screen.getByLabelText('end_date'));
    await user.type(screen.getByLabelText('end_date'), '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ start_date: '2026-11-01', end_date: '2026-11-25' }));
  });
});
