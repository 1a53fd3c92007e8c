// The team workspace across two instances on one Redis (issue 35): alice saves a query for the team
// on instance 1, finds it on her lookup page and her catalog, and bob, signed in on instance 2,
// finds it on F's page and on /saved and opens it; alice shares a map with a layer added from her
// History and bob opens the link on instance 2 with the layer drawn; alice updates her query from
// its page and bob opens the new version.
// Two production servers of the spec's own (the shared server of playwright.config.ts has no access
// mode), each with the same tokens file and the same redis-server, started here on a free port.
import type { Browser, Page } from '@playwright/test';
import { blockExternalRequests, expect, expectRecorded, test } from './fixtures.ts';
import { startTeamServers, type TeamServers } from './team-servers.ts';

const TOKENS = { alice: 'e2e-alice-team-token-5b1e88a0c3', bob: 'e2e-bob-team-token-9d04c7e2f1' };

test.describe.configure({ mode: 'serial' });

let servers: TeamServers | undefined;
let one: string;
let two: string;

test.beforeAll(async () => {
  servers = await startTeamServers(TOKENS);
  ({ one, two } = servers);
});

test.afterAll(async () => {
  await servers?.stop();
});

async function signIn(page: Page, base: string, user: keyof typeof TOKENS): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Access token').fill(TOKENS[user]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** Bob's own browser (a context of its own: no cookie or IndexedDB of alice's). */
async function bobsPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await blockExternalRequests(page);
  await signIn(page, two, 'bob');
  return page;
}

const results = (page: Page) => page.getByRole('region', { name: 'Results' });

async function sendExample(page: Page, base: string, slug: string): Promise<string> {
  await page.goto(`${base}/lookups/${slug}`);
  await page.getByRole('button', { name: 'Try an example' }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(results(page).getByRole('tab', { name: 'Table' })).toBeVisible({ timeout: 20_000 });
  return new URL(page.url()).search;
}

test('alice saves a query as Team on instance 1 and finds it on her pages; bob finds it on F’s page and /saved on instance 2 and opens it', async ({
  page,
  browser,
}) => {
  test.slow();
  await signIn(page, one, 'alice');
  const search = await sendExample(page, one, 'f');
  await page.getByRole('button', { name: 'Save query…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save query' });
  await dialog.getByLabel('Name').fill('Toyotas for the team');
  await dialog.getByRole('group', { name: 'Who sees it' }).getByRole('radio', { name: /^Team/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved “Toyotas for the team” on the team server (the team sees it).')).toBeVisible();
  // Her lookup page lists it at once, and her catalog names its lookup; it opens as on /saved.
  const onServer = page.getByRole('region', { name: 'Saved on the team server' });
  await expect(onServer.getByRole('link', { name: 'Toyotas for the team' })).toBeVisible();
  await page.goto(`${one}/`);
  await expect(onServer.getByRole('listitem').filter({ hasText: 'Toyotas for the team' })).toContainText('· F. Car specifications · team');
  await onServer.getByRole('link', { name: 'Toyotas for the team' }).click();
  await expect(page).toHaveURL(`${one}/lookups/f${search}`);

  const bob = await bobsPage(browser);
  // On F's page bob finds it among what his team shared.
  await bob.goto(`${two}/lookups/f`);
  const sharedWithBob = bob.getByRole('region', { name: 'Shared by your team' });
  await expect(sharedWithBob.getByRole('listitem').filter({ hasText: 'Toyotas for the team' })).toContainText('by alice', {
    timeout: 20_000,
  });
  await bob.goto(`${two}/saved`);
  const team = bob.getByRole('region', { name: 'Shared with the team' });
  const link = team.getByRole('link', { name: 'Toyotas for the team' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(team.getByRole('listitem').filter({ hasText: 'Toyotas for the team' })).toContainText('by alice');
  // Not bob's: he may open it, not change it.
  await expect(team.getByRole('button', { name: 'Edit “Toyotas for the team”' })).toHaveCount(0);
  await link.click();
  await expect(bob).toHaveURL(`${two}/lookups/f${search}`);
  await expect(results(bob).getByRole('tab', { name: 'Table' })).toBeVisible({ timeout: 20_000 });
  await bob.context().close();
});

test('a shared map link with a layer from alice’s History opens for bob on instance 2 with the layer', async ({ page, browser }) => {
  test.slow();
  await blockExternalRequests(page);
  await signIn(page, one, 'alice');
  const search = await sendExample(page, one, 'l');
  // H's example: in alice's History, and so a layer she may add.
  await sendExample(page, one, 'h');
  // In History (written a moment after the answer shows) before the page is left.
  await expectRecorded(page, 1);
  await page.goto(`${one}/lookups/l${search}&view=map`);
  const add = results(page).getByRole('combobox', { name: 'Add a layer from History or a bulk run' });
  await expect(add.getByRole('option', { name: /^H · / })).toHaveCount(1, { timeout: 20_000 });
  await add.selectOption((await add.getByRole('option', { name: /^H · / }).getAttribute('value'))!);
  await expect(results(page).getByRole('list', { name: /^Legend/ })).toHaveCount(2, { timeout: 20_000 });
  const localUrl = page.url();

  await results(page).getByRole('button', { name: 'Share…' }).click();
  const shared = page.getByRole('dialog', { name: 'Share this answer with the team' });
  const snapshotLink = await shared.getByRole('textbox', { name: 'Link to the snapshot' }).inputValue();
  const liveLink = await shared.getByRole('textbox', { name: /asks the lookup again/ }).inputValue();
  expect(snapshotLink).toMatch(new RegExp(`^${one}/shared/[A-Za-z0-9_-]+$`));
  expect(liveLink).toMatch(/layers=team%3A/);

  const bob = await bobsPage(browser);
  // The snapshot, on the other instance: alice's answer as she saw it, with her layer.
  await bob.goto(snapshotLink.replace(one, two));
  await expect(bob.getByRole('note', { name: 'Shared snapshot' })).toContainText('shared by alice');
  await expect(bob.getByRole('list', { name: /^Legend/ })).toHaveCount(2, { timeout: 20_000 });
  await expect(bob.getByRole('list', { name: /^Legend: H · .*shared by alice/ })).toBeVisible();

  // The live link too: the layer comes from the team server, not from alice's browser.
  await bob.goto(liveLink.replace(one, two));
  await expect(results(bob).getByRole('list', { name: /^Legend/ })).toHaveCount(2, { timeout: 20_000 });

  // Alice's own link, with her History's id, says in bob's map that the layer was not shared.
  await bob.goto(localUrl.replace(one, two));
  await expect(results(bob).getByText('This layer was added in another browser and was not shared.')).toBeVisible({ timeout: 20_000 });
  await expect(results(bob).getByRole('button', { name: 'Remove the added layers' })).toBeVisible();
  await bob.context().close();
});

test('alice updates her team query from its page, opened from the server; bob opens the new version', async ({ page, browser }) => {
  test.slow();
  await blockExternalRequests(page);
  await signIn(page, one, 'alice');
  await page.goto(`${one}/saved`);
  await page.getByRole('region', { name: 'Your items on the server' }).getByRole('link', { name: 'Toyotas for the team' }).click();
  await expect(page).toHaveURL(/\/lookups\/f\?/);
  await page.getByRole('region', { name: 'Parameters' }).getByLabel('make', { exact: true }).fill('honda');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(results(page).getByRole('tab', { name: 'Table' })).toBeVisible({ timeout: 20_000 });
  const search = new URL(page.url()).search;
  expect(search).toContain('make=honda');
  await page.getByRole('button', { name: 'Update “Toyotas for the team” on the server' }).click();
  await expect(page.getByText('Updated “Toyotas for the team” on the team server.')).toBeVisible();

  const bob = await bobsPage(browser);
  await bob.goto(`${two}/saved`);
  await bob.getByRole('region', { name: 'Shared with the team' }).getByRole('link', { name: 'Toyotas for the team' }).click();
  await expect(bob).toHaveURL(`${two}/lookups/f${search}`);
  // Not his: he may save it as his own, not update alice's.
  await expect(bob.getByRole('button', { name: 'Save query…' })).toBeVisible();
  await expect(bob.getByRole('button', { name: /^Update/ })).toHaveCount(0);
  await bob.context().close();
});
