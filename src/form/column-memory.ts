// The table columns a person chose, remembered per lookup and operation in this browser
// (localStorage), so a new query, a fresh link without columns or a reload starts from that
// choice. A link's own `cols` still wins: it is read first (use-lookup-url-state.ts).
import { type ColumnChoice, columnChoiceOf, type ViewState } from '../results/view-state.ts';

const PREFIX = 'lx-table-columns:';

function keyOf(lookupId: string, operationId: string): string {
  return `${PREFIX}${lookupId}:${operationId}`;
}

function readChoice(text: string | null): ColumnChoice | undefined {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value === 'all') return 'all';
    if (Array.isArray(value) && value.every((column) => typeof column === 'string')) return value as string[];
  } catch {
    // A value this code did not write: no choice.
  }
  return undefined;
}

/** The choice remembered for this lookup and operation; undefined when there is none. */
export function rememberedColumns(lookupId: string, operationId: string): ColumnChoice | undefined {
  try {
    return readChoice(window.localStorage.getItem(keyOf(lookupId, operationId)));
  } catch {
    return undefined;
  }
}

/** Remembers a choice; undefined forgets it (the operation's default columns again). */
export function rememberColumns(lookupId: string, operationId: string, choice: ColumnChoice | undefined): void {
  try {
    if (choice === undefined) window.localStorage.removeItem(keyOf(lookupId, operationId));
    else window.localStorage.setItem(keyOf(lookupId, operationId), JSON.stringify(choice));
  } catch {
    // Private mode or disabled storage: the choice lasts as long as the link that holds it.
  }
}

/**
 * The view the viewer gets: the URL's, its columns completed by the operation's key columns and,
 * when the URL names no columns, by the remembered choice.
 */
export function viewWithColumns(
  view: ViewState,
  keyColumns: readonly string[] | undefined,
  remembered: ColumnChoice | undefined,
): ViewState {
  const choice = columnChoiceOf(view.columns) ?? remembered;
  if (keyColumns && keyColumns.length > 0) return { ...view, columns: choice === undefined ? { keyColumns } : { keyColumns, choice } };
  return choice === undefined ? view : { ...view, columns: choice };
}
