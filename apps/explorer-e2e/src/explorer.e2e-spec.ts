import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { INSTALL_TIMEOUT_MS } from '@aas/shared-infra/testing';
import { Browser, DESKTOP, type PageLog, PHONE } from './support/browser';
import { expectCleanPage, open, pickQuestion, STEP_MS, until } from './support/flows';
import { START_TIMEOUT_MS, StartedService } from './support/service';

/**
 * The explorer in Debian's headless chromium, against the service `npm start` starts, through the
 * link its banner prints: every flow of the app end to end, an accessibility check (axe-core) on
 * every page, and no console error.
 */
describe('the explorer in a browser', () => {
  let service: StartedService;
  let browser: Browser;
  let page: Page;
  let log: PageLog;

  beforeAll(async () => {
    [service, browser] = await Promise.all([StartedService.start('explorer'), Browser.launch()]);
  }, START_TIMEOUT_MS + INSTALL_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    log = { errors: [] };
    page = await browser.page(log);
    await page.setViewportSize(DESKTOP);
  });
  afterEach(async () => {
    await page?.close();
  });

  it('signs in from the banner link: the token leaves the address bar and no request or log line carries it', async () => {
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await page.goto(service.link);
    await page.getByRole('heading', { level: 1, name: 'Catalogue' }).waitFor({ timeout: STEP_MS });
    expect(page.url()).toBe(`${service.baseUrl}/explorer/catalogue`);
    expect(urls.filter((u) => u.includes(service.token))).toEqual([]);
    const requestLogs = service.logs.split('\n').filter((l) => l.includes('"req":'));
    expect(requestLogs.length).toBeGreaterThan(0);
    expect(requestLogs.filter((l) => l.includes(service.token))).toEqual([]);
    await expectCleanPage(page, log);
  });

  it('catalogue: datasets and categories, a search with pages, a question with its answers', async () => {
    await open(page, service.link, 'catalogue', 'Catalogue');
    await page.getByRole('heading', { name: 'Core survey' }).waitFor();
    await page.getByRole('button', { name: 'Social media', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Social media' }).waitFor({ timeout: STEP_MS });
    await page.getByLabel('Search questions and answers').fill('social');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: /questions match “social”/ }).waitFor({ timeout: STEP_MS });
    const pager = page.getByRole('navigation', { name: 'Search results pages' });
    expect(await pager.innerText()).toMatch(/1-10 of \d+ \(page 1 of \d+\)/);
    await pager.getByRole('button', { name: 'Next' }).click();
    await until(page, 'the second page of results', () => /11-\d+ of/.test(document.body.innerText));
    await pager.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Social media platforms used' }).first().click();
    const question = page.getByRole('complementary', { name: 'Question' });
    await question.getByText('TikTok', { exact: true }).waitFor({ timeout: STEP_MS });
    await expectCleanPage(page, log);
  });

  it('audiences: build with and / or / not and min_count, the size as it changes, API problems at the field; save, rename, delete', async () => {
    await open(page, service.link, 'audiences', 'Audiences');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await pickQuestion(page, 'Question', 'gender', /^Gender/);
    await page.getByRole('checkbox', { name: 'Female' }).check({ timeout: STEP_MS });
    await until(page, 'the size of women', () => /Size: [\d,]+ people · sample: [\d,]+ respondents/.test(document.body.innerText));
    const womenSize = await page.locator('.size').textContent();

    // min_count 0 is refused by the API: its message shows at that field, and nothing else breaks.
    await page.getByLabel('At least this many of the answers').fill('0');
    await page.locator('.field-problems').first().waitFor({ timeout: STEP_MS });
    expect(await page.getByLabel('At least this many of the answers').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('At least this many of the answers').fill('');

    // A group: (age 16-24 or not 25-34), within women.
    await page.getByRole('button', { name: 'Add group' }).click();
    const group = page.getByRole('group', { name: 'Group 2' });
    await group.getByRole('button', { name: 'Add condition' }).click();
    await pickQuestion(page, 'Question', 'age group', /^Age group/);
    await group.getByRole('checkbox', { name: '16-24' }).check({ timeout: STEP_MS });
    await page.waitForFunction(
      (before) => {
        const text = document.querySelector('.size')?.textContent ?? '';
        return text.includes('Size:') && !text.includes('updating') && text !== before;
      },
      womenSize,
      { timeout: STEP_MS },
    );

    await page.getByLabel('Name', { exact: true }).fill('Explorer test audience');
    await page.getByRole('button', { name: 'Save audience' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved “Explorer test audience”' }).waitFor({ timeout: STEP_MS });
    await page.getByRole('button', { name: 'Rename Explorer test audience' }).click();
    await page.getByLabel('New name').fill('Explorer test audience (renamed)');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('button', { name: 'Explorer test audience (renamed)', exact: true }).waitFor({ timeout: STEP_MS });
    await expectCleanPage(page, log, [400]);
    await page.getByRole('button', { name: 'Delete Explorer test audience (renamed)' }).click();
    await page.getByRole('button', { name: 'Yes, delete Explorer test audience (renamed)' }).click();
    await page.getByRole('button', { name: 'Explorer test audience (renamed)', exact: true }).waitFor({ state: 'detached', timeout: STEP_MS });
  });

  it('crosstab: rows, columns, markets, waves; the heatmap fills in with low-base and significance marks; sort; CSV and Excel', async () => {
    await open(page, service.link, 'crosstab', 'Crosstab');
    await page.getByText('No crosstab yet').waitFor();
    await pickQuestion(page, "Add a question's answers as rows", 'age group', /^Age group/);
    await page.getByRole('button', { name: /Add its \d+ answers/ }).click();
    await page.getByLabel('Add a saved audience').nth(1).selectOption({ label: 'Women' });
    await pickQuestion(page, "Add a question's answers as columns", 'social media platforms', /^Social media platforms used/);
    await page.getByRole('button', { name: /Add its 16 answers/ }).click();
    // One market, the default four waves: some cells of a 5,000-respondent survey are small enough to be marked.
    await page.getByRole('checkbox', { name: 'United Kingdom' }).check();
    await page.getByLabel('Significance').selectOption('95');
    await page.getByRole('button', { name: 'Run crosstab' }).click();
    await until(page, 'the crosstab to finish', () => document.querySelector('table.heatmap')?.getAttribute('data-state') === 'done');
    expect(await page.getByRole('status').filter({ hasText: 'Done' }).innerText()).toBe('Done: 85 cells');
    expect(await page.locator('table.heatmap tbody td').count()).toBe(85);
    expect(await page.locator('table.heatmap tbody th').allInnerTexts()).toEqual(['16-24', '25-34', '35-44', '45-54', '55-64']);
    expect(await page.locator('table.heatmap td.low-base').count()).toBeGreaterThan(0);
    expect(await page.locator('table.heatmap td.low-base').first().innerText()).toContain('†');
    expect(await page.locator('table.heatmap td').filter({ hasText: /[▲▼]/ }).count()).toBeGreaterThan(0);

    await page.getByLabel('Sort rows').selectOption({ label: 'by TikTok, highest first' });
    const tiktok = (await page.locator('table.heatmap tbody tr td:nth-of-type(2)').allInnerTexts()).map((t) => Number.parseFloat(t));
    expect(tiktok).toEqual([...tiktok].sort((a, b) => b - a));
    expect(await page.locator('table.heatmap tbody th').first().innerText()).toBe('16-24');

    for (const [button, file, check] of [
      ['Export CSV', 'crosstab.csv', (b: Buffer) => expect(b.toString()).toMatch(/Women/)],
      ['Export Excel', 'crosstab.xlsx', (b: Buffer) => expect(b.subarray(0, 2).toString()).toBe('PK')],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), page.getByRole('button', { name: button }).click()]);
      expect(download.suggestedFilename()).toBe(file);
      check(fs.readFileSync(await download.path()));
    }
    await expectCleanPage(page, log);
  });

  it('crosstab: a large one (60 x 60) from a link draws the cells in view and the rest as it scrolls', async () => {
    const res = await fetch(`${service.baseUrl}/v3/questions/filter`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ include: { datapoints: true } }),
    });
    const { questions } = (await res.json()) as { questions: { code: string; namespace_code: string; datapoints?: { code: string; name: string }[] }[] };
    const answers = questions
      .filter((q) => q.namespace_code === 'core')
      .flatMap((q) =>
        (q.datapoints ?? []).map((d) => ({ id: `${q.code}.${d.code}`, name: `${q.code}: ${d.name}`, expression: { question: q.code, datapoints: [d.code] } })),
      );
    const query = { rows: answers.slice(0, 60), columns: answers.slice(60, 120) };
    await open(page, service.link, 'catalogue', 'Catalogue');
    await page.goto(`${service.baseUrl}/explorer/crosstab#${new URLSearchParams({ q: JSON.stringify(query) })}`);
    await until(page, 'the large crosstab to finish', () => document.querySelector('table.heatmap')?.getAttribute('data-state') === 'done');
    expect(await page.getByRole('status').filter({ hasText: 'Done' }).innerText()).toBe('Done: 3600 cells');
    expect(await page.locator('table.heatmap').getAttribute('data-windowed')).toBe('true');
    const drawn = () => page.locator('table.heatmap tbody td:not(.spacer):not(.pending)').count();
    expect(await drawn()).toBeLessThan(3600);
    const last = page.locator('table.heatmap tbody tr').filter({ has: page.getByRole('rowheader', { name: query.rows[59].name, exact: true }) });
    expect(await last.count()).toBe(0);
    await page.getByRole('region', { name: 'Crosstab results' }).evaluate((el) => el.scrollTo(el.scrollWidth, el.scrollHeight));
    await last.first().waitFor({ timeout: STEP_MS });
    expect(await last.first().locator('td:not(.spacer)').last().innerText()).toMatch(/^\d/);
    await expectCleanPage(page, log);
  });

  it('charts: create one, calculate it, bars per audience and the same figures in a table', async () => {
    await open(page, service.link, 'charts', 'Charts');
    await page.getByText('No chart yet').waitFor({ timeout: STEP_MS });
    await page.getByLabel('Name', { exact: true }).fill('Platforms by generation');
    await pickQuestion(page, 'Question to chart', 'social media platforms', /^Social media platforms used/);
    await page.getByRole('checkbox', { name: 'TikTok', exact: true }).check({ timeout: STEP_MS });
    await page.getByRole('checkbox', { name: 'Instagram', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Gen Z', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Baby boomers' }).check();
    await page.getByRole('button', { name: 'Create chart' }).click();
    await page.getByRole('heading', { level: 2, name: 'Platforms by generation' }).waitFor({ timeout: STEP_MS });
    await page.locator('.recharts-bar-rectangle').first().waitFor({ timeout: STEP_MS });
    expect(await page.locator('.recharts-bar-rectangle').count()).toBe(4);
    const table = page.getByRole('table', { name: /% of audience by answer and audience/ });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Answer', 'Gen Z', 'Baby boomers']);
    expect(await table.getByRole('rowheader').allInnerTexts()).toEqual(expect.arrayContaining(['TikTok', 'Instagram']));
    await expectCleanPage(page, log);
  });

  it('chat: an answer with its insights and sources beside it, a follow-up, and a figure opened as its crosstab', async () => {
    await open(page, service.link, 'chat', 'Assistant');
    await page.getByLabel('Your question').fill('What share of Gen Z in the UK use TikTok?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const evidence = page.getByRole('complementary', { name: 'Insights and sources' });
    await evidence.getByRole('link', { name: 'Open the crosstab behind this figure' }).first().waitFor({ timeout: STEP_MS });
    expect(await evidence.innerText()).toMatch(/United Kingdom/);
    await page.getByLabel('Follow up').fill('and in Germany?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await until(page, 'the follow-up answered for Germany', () => (document.querySelector('aside')?.textContent ?? '').includes('Germany'));
    expect(await page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').count()).toBe(2);
    await expectCleanPage(page, log);

    await evidence.getByRole('link', { name: 'Open the crosstab behind this figure' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Crosstab' }).waitFor();
    await until(page, 'the crosstab of the figure', () => document.querySelector('table.heatmap')?.getAttribute('data-state') === 'done');
    expect(await page.locator('table.heatmap tbody td').count()).toBe(1);
    await expectCleanPage(page, log);
  });

  it('insights: filters, order and pages; an empty filter says what to do', async () => {
    await open(page, service.link, 'insights', 'Insights');
    const pager = page.getByRole('navigation', { name: 'Insights pages' });
    await pager.waitFor({ timeout: STEP_MS });
    expect(await pager.innerText()).toMatch(/^Previous\s*1-10 of \d+/);
    await pager.getByRole('button', { name: 'Next' }).click();
    await until(page, 'page 2 of the insights', () => /11-\d+ of \d+ \(page 2/.test(document.body.innerText));
    await page.getByRole('checkbox', { name: 'report' }).check();
    await until(page, 'only reports', () => [...document.querySelectorAll('.insights > li .muted')].every((e) => e.textContent?.startsWith('report')));
    expect(await pager.innerText()).toMatch(/1-\d+ of \d+ \(page 1/);
    await page.getByLabel('Order by').selectOption('popularity');
    await expectCleanPage(page, log);
  });

  it('works on a phone-sized screen: nothing wider than the screen, every page passes the accessibility check', async () => {
    await page.setViewportSize(PHONE);
    for (const [path, heading] of [
      ['catalogue', 'Catalogue'],
      ['audiences', 'Audiences'],
      ['crosstab', 'Crosstab'],
      ['charts', 'Charts'],
      ['chat', 'Assistant'],
      ['insights', 'Insights'],
    ]) {
      await open(page, service.link, path, heading);
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, width }).toEqual({ path, width: PHONE.width });
      await expectCleanPage(page, log);
    }
  });

  it('is usable by keyboard: skip link, navigation, and the builder', async () => {
    await open(page, service.link, 'catalogue', 'Catalogue');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // Into the navigation: Shift+Tab goes back up the page, Tab walks the links in order.
    await page.getByRole('link', { name: 'Audiences' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Audiences' }).waitFor();
    await page.getByRole('button', { name: 'Add condition' }).focus();
    await page.keyboard.press('Enter');
    // The new condition's question search takes the focus.
    await until(page, 'the focus in the new condition', () => (document.activeElement as HTMLInputElement | null)?.type === 'search', 10_000);
    await page.keyboard.type('gender');
    await page
      .getByRole('button', { name: /^Gender/ })
      .first()
      .waitFor({ timeout: STEP_MS });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('checkbox', { name: 'Female' }).waitFor({ timeout: STEP_MS });
    await expectCleanPage(page, log);
  });

  it('says what happened and what to do when the token is refused', async () => {
    await open(page, service.link, 'catalogue', 'Catalogue');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Token').fill('not-a-valid-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert').first();
    await alert.waitFor({ timeout: STEP_MS });
    expect(await alert.innerText()).toMatch(/Your token was not accepted[\s\S]*npm start/);
    await expectCleanPage(page, log, [401]);
  });
});
