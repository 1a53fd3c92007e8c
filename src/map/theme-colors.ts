// Canvas drawing cannot use CSS variables, so the map reads the theme's tokens when it draws.
export function readColor(token: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(token).trim();
  return value || fallback;
}
