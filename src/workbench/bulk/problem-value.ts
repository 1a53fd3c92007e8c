// How a refused value reads in the list of invalid rows: quoted (and escaped) so that spaces, "0"
// and stray quotes show as they are, cut short when long, and "empty" for a blank cell, the
// commonest mistake, which a pair of quotes would make easy to miss.
export const SHOWN_VALUE_LENGTH = 40;

export function showValue(value: string): string {
  if (value === '') return 'empty';
  // By code point, so an emoji or an accented letter is never cut in half.
  const characters = [...value];
  const shown = characters.length > SHOWN_VALUE_LENGTH ? `${characters.slice(0, SHOWN_VALUE_LENGTH - 1).join('')}…` : value;
  return JSON.stringify(shown);
}
