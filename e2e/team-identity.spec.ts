// Who is signed in, and signing out, on a team server of two instances sharing one Redis (issue 35),
// in Chromium: alice signs in through the form, sees her name in the header on every page (the Jobs
// and Watches pages included, on either instance), opens its menu by keyboard and mouse, signs out
// from it, lands on the sign-in page, and her old cookie is refused by both instances.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { startTeamServers, type TeamServers } from './team-servers.ts';

const TOKEN = 'e2e-alice-token-35-9b1c7d';

test.describe.configure({ mode: 'serial' });

let servers: TeamServers | undefined;
let one: string;
let two: string;

test.beforeAll(async () => {
  servers = await startTeamServers({ alice: TOKEN });
  ({ one, two } = servers);
});

test.afterAll(async () => {
  await servers?.stop();
});

/** `GET /me` with a given Cookie header, as a script would send it: its status. */
async function meWith(origin: string, cookie: string): Promise<number> {
  return (await fetch(`${origin}/me`, { headers: { cookie, accept: 'application/json' } })).status;
}

test('alice sees her name in the header, signs out from its menu, and her session ends on both instances', async ({ page }) => {
  await page.goto(`${one}/jobs`);
  await expect(page).toHaveURL(`${one}/sign-in?next=%2Fjobs`);
  await page.getByLabel('Access token').fill(TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${one}/jobs`);

  const name = page.getByRole('banner').getByRole('button', { name: 'Signed in as alice' });
  await expect(name).toHaveText('alice');
  const session = (await page.context().cookies(one)).find((cookie) => cookie.name === 'lookup_session')!;
  const cookie = `${session.name}=${session.value}`;
  expect(await meWith(two, cookie)).toBe(200);

  // The other instance knows her too (one session in the shared store), on its Watches page.
  await page.goto(`${two}/watches`);
  await expect(name).toHaveText('alice');

  // The keyboard opens the menu, Escape closes it and gives the focus back.
  await name.focus();
  await page.keyboard.press('Enter');
  await expect(name).toHaveAttribute('aria-expanded', 'true');
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(name).toHaveAttribute('aria-expanded', 'false');
  await expect(name).toBeFocused();
  await expect(signOut).toBeHidden();

  // Open, the menu has no serious accessibility problem.
  await name.click();
  await expect(signOut).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('.identity-menu').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Signing out: a same-origin POST, then the sign-in page.
  const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${two}/sign-out`);
  await signOut.click();
  expect(await (await posted).headerValue('origin')).toBe(two);
  await expect(page).toHaveURL(`${two}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Sign in to Lookup Explorer' })).toBeVisible();

  // Her old cookie, sent again, is refused on both instances; the app's pages send her to sign in.
  expect(await meWith(one, cookie)).toBe(401);
  expect(await meWith(two, cookie)).toBe(401);
  await page.goto(`${one}/jobs`);
  await expect(page).toHaveURL(`${one}/sign-in?next=%2Fjobs`);
});
