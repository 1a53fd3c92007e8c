// "Find a place": type a city, address's town or zip code and pick a suggestion to set the search
// point, as a click on the search-area map does (the map then follows the form). An editable
// combobox with a list of suggestions, after the ARIA APG pattern: ↓/↑ move through the list,
// Enter picks, Escape closes it (or clears the box), and a status says how many places match.
// The gazetteer loads on the box's first focus or keystroke (load-places.ts).
import { useId, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { Operation } from '../../lookups/define-lookup.ts';
import type { FormValues } from '../../form/form-values.ts';
import { loadPlaces, type PlaceMatch, type Places } from './load-places.ts';
import './place-search.css';

interface PlaceSearchProps {
  operation: Operation;
  values: FormValues;
  onValuesChange: (values: FormValues) => void;
}

const describe = (place: PlaceMatch) => (place.note ? `${place.label} (${place.note})` : place.label);

export default function PlaceSearch({ operation, values, onValuesChange }: PlaceSearchProps) {
  const id = useId();
  const [places, setPlaces] = useState<Places | 'loading' | 'failed'>();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<PlaceMatch>();
  const found = useMemo(() => (typeof places === 'object' ? places.find(text) : undefined), [places, text]);
  const matches = found?.matches ?? [];
  const expanded = open && matches.length > 0;

  function startLoading() {
    if (places && places !== 'failed') return;
    setPlaces('loading');
    loadPlaces().then(setPlaces, () => setPlaces('failed'));
  }

  function pick(place: PlaceMatch) {
    if (typeof places !== 'object') return;
    setText(place.label);
    setOpen(false);
    setActive(-1);
    setPicked(place);
    onValuesChange(places.withPoint(operation, values, place));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Ctrl/Cmd+Enter is the form's "send"; let it through.
    if (event.ctrlKey || event.metaKey) return;
    const last = matches.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      startLoading();
      setOpen(true);
      if (event.altKey || last < 0) return;
      const down = event.key === 'ArrowDown';
      // From the box (or past an end) to the first or last suggestion, as the pattern wraps.
      setActive(!expanded || active < 0 ? (down ? 0 : last) : down ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
    } else if (event.key === 'Enter') {
      // Never the form's submit: Enter in this box picks a place.
      event.preventDefault();
      const chosen = expanded ? matches[Math.max(active, 0)] : undefined;
      if (chosen) pick(chosen);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
        setPicked(undefined);
      }
    }
  }

  const status =
    places === 'failed'
      ? 'The places could not load; try again.'
      : !text.trim()
        ? ''
        : places === 'loading' || !found
          ? 'Loading places…'
          : picked && text === picked.label
            ? `Search point set to ${describe(picked)}.`
            : found.total === 0
              ? `No place the demo knows matches “${text.trim()}”.`
              : found.total === 1
                ? '1 place matches.'
                : found.total > matches.length
                  ? `${found.total} places match; the first ${matches.length} are listed.`
                  : `${found.total} places match.`;

  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className="place-search">
      <label htmlFor={`${id}-input`}>Find a place</label>
      <div className="place-search-box">
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-coverage ${id}-status`}
          placeholder="City, “city, ST” or zip code"
          value={text}
          onFocus={startLoading}
          onChange={(event) => {
            startLoading();
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={`${id}-listbox`} role="listbox" aria-label="Places" className="place-search-list" hidden={!expanded}>
          {matches.map((place, index) => (
            <li
              key={place.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'place-search-option active' : 'place-search-option'}
              // Keep the focus in the box, so the pick does not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
            >
              {place.note ? `${place.label} — ` : place.label}
              {place.note && <span className="place-search-note">{place.note}</span>}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-coverage`} className="place-search-coverage">
        Places the demo knows: every US zip area, the Dutch postcode areas and the demo’s cities.
      </p>
      <p id={`${id}-status`} role="status" className="place-search-status">
        {status}
      </p>
    </div>
  );
}
