import type { ControlProps } from './control-props.ts';
import { ariaOf } from './control-props.ts';

/**
 * Completions for a comma list: the text typed so far plus each suggestion not yet listed, so the
 * browser's datalist completes the last item instead of replacing the whole list.
 */
export function listCompletions(value: string, suggestions: readonly string[]): string[] {
  const cut = value.lastIndexOf(',');
  const head = cut === -1 ? '' : value.slice(0, cut + 1);
  const listed = new Set(
    head
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
  return suggestions.filter((suggestion) => !listed.has(suggestion)).map((suggestion) => `${head}${suggestion}`);
}

/** A comma-separated list (`videos,images`), with the definition's suggestions. */
export function ListInput(props: ControlProps) {
  const { id, meta, value, onChange } = props;
  const suggestions = meta.options ?? [];
  const listId = `${id}-suggestions`;
  return (
    <>
      <input
        {...ariaOf(props)}
        type="text"
        autoComplete="off"
        spellCheck={false}
        list={suggestions.length > 0 ? listId : undefined}
        placeholder={meta.example ? `e.g. ${meta.example}` : 'comma-separated'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {listCompletions(value, suggestions).map((completion) => (
            <option key={completion} value={completion} />
          ))}
        </datalist>
      )}
    </>
  );
}
