// Canvas drawing cannot use CSS variables, so the map reads the theme's tokens when it draws.
// The tokens are `light-dark()` pairs, which a custom property's own value leaves unresolved, so
// a probe's computed `color` turns the token into the colour the current scheme shows.
export function readColor(token: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.hidden = true;
  probe.style.color = `var(${token}, ${fallback})`;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  // An engine that cannot resolve var() (jsdom) hands the declaration back unchanged.
  return value && !value.startsWith('var(') ? value : fallback;
}
