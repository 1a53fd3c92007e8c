// Bulk runs end to end (issue 13's "Done when"): 40 zip codes for H, two of them invalid. The two
// are listed before anything is sent; the other 38 run; the merged table and its CSV carry the
// `zipcode` input column beside the answer's fields; and a reload during the run resumes it
// without sending any zip code twice (every /proxy/ request is counted across the reload).
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { blockExternalRequests, expect, test, type Locator, type Page } from './fixtures.ts';

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return (await readFile(await file.path())).toString('utf8');
}

const valid = Array.from({ length: 38 }, (_, index) => String(62_701 + index * 7).padStart(5, '0'));
// Lines 8 and 23 of the file (the header is line 1).
const rows = [...valid];
rows.splice(6, 0, '6270');
rows.splice(21, 0, '62A01');
const csv = `zipcode,note\n${rows.map((zipcode, index) => `${zipcode},row ${index + 1}`).join('\n')}\n`;

test('H over 40 zip codes: invalid rows listed first, 38 sent once each across a reload, merged table and CSV', async ({ page }) => {
  test.setTimeout(60_000);
  await blockExternalRequests(page);
  const sent = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/proxy/h/')) return;
    const zipcode = url.searchParams.get('zipcode') ?? '';
    sent.set(zipcode, (sent.get(zipcode) ?? 0) + 1);
  });
  // Slow answers, so that the reload lands in the middle of the run.
  await page.route('**/proxy/h/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue().catch(() => {});
  });

  await page.goto('/lookups/h');
  await page.getByRole('link', { name: 'Run over a list…' }).click();
  await expect(page).toHaveURL(/\/lookups\/h\/bulk/);
  await page.getByLabel('Upload a CSV or JSON file').setInputFiles({ name: 'zips.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const problems = page.getByRole('table', { name: 'Invalid rows' });
  await expect(problems.getByRole('row')).toHaveCount(3);
  await expect(problems.getByRole('row').nth(1)).toContainText('line 8');
  await expect(problems.getByRole('row').nth(1)).toContainText('zipcode must be a 5-digit US zip code');
  // The value the row sent, quoted, beside the rule it broke (issue 22, item 11).
  await expect(problems.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('"6270"');
  await expect(problems.getByRole('row').nth(2)).toContainText('line 23');
  await expect(problems.getByRole('row').nth(2).getByRole('cell').nth(2)).toHaveText('"62A01"');
  const start = page.getByRole('button', { name: 'Start run' });
  await expect(start).toBeDisabled();
  expect(sent.size).toBe(0);
  await page.getByLabel(/Skip the 2 invalid rows/).check();
  await start.click();

  await expect.poll(() => sent.size, { timeout: 20_000 }).toBeGreaterThanOrEqual(8);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'finished' })).toBeVisible({ timeout: 40_000 });

  const results = page.getByRole('region', { name: 'Merged results' });
  const headers = results.getByRole('columnheader');
  await expect(headers.filter({ hasText: /^zipcode$/ })).toHaveCount(1);
  await expect(headers.filter({ hasText: 'sex_offender_zipcode' })).toHaveCount(1);

  const text = await download(page, results.getByRole('button', { name: 'Export CSV' }));
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.meta.fields).toEqual(
    expect.arrayContaining(['zipcode', 'row_status', 'row_reason', 'sex_offender_zipcode', 'sex_offender_state']),
  );
  const okRows = parsed.data.filter((row) => row.row_status === 'ok');
  expect(okRows.length).toBeGreaterThan(0);
  for (const row of okRows) expect(row.sex_offender_zipcode).toBe(row.zipcode);
  expect(new Set(parsed.data.map((row) => row.zipcode))).toEqual(new Set(valid));

  // No zip code was asked twice, and the invalid ones never. A row stored as in flight when the
  // page reloaded may or may not have left (decision 009): it is failed as interrupted and not sent
  // again on its own, so every valid zip code was asked or is such a row, at most one per slot of
  // the concurrency (4).
  const interrupted = parsed.data
    .filter((row) => row.row_status === 'failed' && /^Interrupted/.test(row.row_reason ?? ''))
    .map((row) => row.zipcode!);
  expect(interrupted.length).toBeLessThanOrEqual(4);
  expect([...sent.values()].every((count) => count === 1)).toBe(true);
  expect(new Set([...sent.keys(), ...interrupted])).toEqual(new Set(valid));

  // Re-running the failed rows, which the user asks for explicitly, asks the interrupted ones.
  if (interrupted.length > 0) {
    await results.getByRole('button', { name: /^Re-run the (failed row|\d+ failed rows)$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: /· 0 failed · 0 remaining.*finished/ })).toBeVisible({ timeout: 20_000 });
    for (const zipcode of interrupted) expect(sent.get(zipcode)).toBeGreaterThanOrEqual(1);
  }
  expect([...sent.keys()].sort()).toEqual([...valid].sort());
});

// Issue 22 item 10: masking's pseudonyms hold across answers, so a masked merged dataset can be
// counted and joined. Three rows: two zip codes (different people) and the full name of someone
// from the first (the same person again, found by name across every town). Masking is on (the
// default); the unmasked answers, fetched beside the run, say who is who.
test("a bulk run's masked merged dataset keeps one pseudonym per person across answers", async ({ page, request }) => {
  test.setTimeout(60_000);
  await blockExternalRequests(page);
  const realNames = async (query: Record<string, string>) => {
    const response = await request.get(`/proxy/h/v3/sex-offenders/records?${new URLSearchParams(query)}`, {
      headers: { 'x-lookup-mask': 'off' },
    });
    expect(response.headers()['x-lookup-masked']).toBe('false');
    return ((await response.json()) as { sex_offenders: Array<{ sex_offender_name: string }> }).sex_offenders.map(
      (record) => record.sex_offender_name,
    );
  };
  const first = await realNames({ zipcode: '62701' });
  const second = await realNames({ zipcode: '62702' });
  const someone = first[0]!;
  const byName = await realNames({ name: someone });
  expect(byName).toContain(someone);
  expect(second).not.toContain(someone);

  await page.goto('/lookups/h');
  await page.getByRole('link', { name: 'Run over a list…' }).click();
  await expect(page.getByRole('checkbox', { name: /Mask personal data/ })).toBeChecked();
  const list = `zipcode,name\n62701,\n62702,\n,${someone}\n`;
  await page.getByLabel('Upload a CSV or JSON file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(list) });
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'finished' })).toBeVisible({ timeout: 30_000 });

  const results = page.getByRole('region', { name: 'Merged results' });
  const text = await download(page, results.getByRole('button', { name: 'Export CSV' }));
  const records = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  expect(records.every((record) => record.row_status === 'ok')).toBe(true);
  const pseudonymsOf = (zipcode: string, name: string) =>
    records.filter((record) => record.zipcode === zipcode && record.name === name).map((record) => record.sex_offender_name!);
  const rows = [
    { pseudonyms: pseudonymsOf('62701', ''), names: first },
    { pseudonyms: pseudonymsOf('62702', ''), names: second },
    { pseudonyms: pseudonymsOf('', someone), names: byName },
  ];

  for (const { pseudonyms, names } of rows) {
    // Every record of every row is in the dataset, each name masked by a pseudonym that shows nothing of it.
    expect(pseudonyms).toHaveLength(names.length);
    expect(new Set(pseudonyms).size).toBe(new Set(names).size);
    for (const pseudonym of pseudonyms) expect(pseudonym).toMatch(/^Person [0-9a-hjkmnp-tv-z]{12}$/);
  }
  expect(text).not.toContain(second[0]);
  // As many distinct pseudonyms in the merged dataset as distinct people: nobody is split in two,
  // and no pseudonym stands for two people in two answers (as "Person 1" of each zip code did).
  const allPseudonyms = new Set(rows.flatMap((row) => row.pseudonyms));
  expect(allPseudonyms.size).toBe(new Set(rows.flatMap((row) => row.names)).size);
  // The person found by name is the one of the first zip code: the same pseudonym in both answers.
  const found = new Set(rows[2]!.pseudonyms);
  expect(rows[0]!.pseudonyms.filter((pseudonym) => found.has(pseudonym))).toHaveLength(
    first.filter((name) => byName.includes(name)).length,
  );
  expect(rows[1]!.pseudonyms.filter((pseudonym) => found.has(pseudonym))).toEqual([]);
});
