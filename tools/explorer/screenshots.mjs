#!/usr/bin/env node
// Screenshots of every page of the explorer, for docs/explorer.md, taken in Debian's headless
// chromium against a running service with the demo data:
//   npm start                                   (prints the explorer link)
//   node tools/explorer/screenshots.mjs '<the explorer link>'
// Writes docs/explorer/<page>.png at 1280 px wide, and the crosstab and audiences at phone size.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { explorerLink, launch, openPage } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = path.join(root, 'docs', 'explorer');
const { link } = explorerLink();
fs.mkdirSync(out, { recursive: true });

const steps = {
  async catalogue(page) {
    await openPage(page, link, 'catalogue', 'Catalogue');
    await page.getByLabel('Search questions and answers').fill('social');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Social media platforms used' }).first().click();
    await page.getByRole('complementary', { name: 'Question' }).getByText('TikTok', { exact: true }).waitFor();
  },
  async audiences(page) {
    await openPage(page, link, 'audiences', 'Audiences');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByLabel('Question').first().fill('gender');
    await page
      .getByRole('button', { name: /^Gender/ })
      .first()
      .click();
    await page.getByRole('checkbox', { name: 'Female' }).check();
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('group', { name: 'Group 2' }).getByRole('button', { name: 'Add condition' }).click();
    await page.getByLabel('Question').first().fill('age group');
    await page
      .getByRole('button', { name: /^Age group/ })
      .first()
      .click();
    await page.getByRole('checkbox', { name: '16-24' }).check();
    await page.getByRole('checkbox', { name: '25-34' }).check();
    await page.getByLabel('Name', { exact: true }).fill('Young women');
    await page.waitForFunction(
      () =>
        /Size: [\d,]+ people/.test(document.querySelector('.size')?.textContent ?? '') && !document.querySelector('.size')?.textContent?.includes('updating'),
    );
  },
  async crosstab(page) {
    await openPage(page, link, 'crosstab', 'Crosstab');
    await page.getByLabel("Add a question's answers as rows").fill('age group');
    await page
      .getByRole('button', { name: /^Age group/ })
      .first()
      .click();
    await page.getByRole('button', { name: /Add its \d+ answers/ }).click();
    await page.getByLabel("Add a question's answers as columns").fill('social media platforms');
    await page
      .getByRole('button', { name: /^Social media platforms used/ })
      .first()
      .click();
    await page.getByRole('button', { name: /Add its \d+ answers/ }).click();
    await page.getByRole('checkbox', { name: 'United Kingdom' }).check();
    await page.getByLabel('Significance').selectOption('95');
    await page.getByRole('button', { name: 'Run crosstab' }).click();
    await page.waitForFunction(() => document.querySelector('table.heatmap')?.getAttribute('data-state') === 'done', undefined, { timeout: 60_000 });
    await page.locator('table.heatmap').scrollIntoViewIfNeeded();
  },
  async charts(page) {
    await openPage(page, link, 'charts', 'Charts');
    await page.getByLabel('Name', { exact: true }).fill('Platforms by generation');
    await page.getByLabel('Question to chart').fill('social media platforms');
    await page
      .getByRole('button', { name: /^Social media platforms used/ })
      .first()
      .click();
    for (const name of ['TikTok', 'Instagram', 'YouTube', 'Facebook']) await page.getByRole('checkbox', { name, exact: true }).check();
    for (const name of ['Gen Z', 'Millennials', 'Baby boomers']) await page.getByRole('checkbox', { name, exact: true }).check();
    await page.getByRole('button', { name: 'Create chart' }).click();
    await page.locator('.recharts-bar-rectangle').first().waitFor({ timeout: 60_000 });
  },
  async chat(page) {
    await openPage(page, link, 'chat', 'Assistant');
    await page.getByLabel('Your question').fill('What share of Gen Z in the UK use TikTok?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.getByRole('link', { name: 'Open the crosstab behind this figure' }).first().waitFor({ timeout: 60_000 });
    await page.getByLabel('Follow up').fill('and in Germany?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.turns > li .answer').length === 2, undefined, { timeout: 60_000 });
  },
  async insights(page) {
    await openPage(page, link, 'insights', 'Insights');
    await page.getByRole('checkbox', { name: 'Trending only' }).check();
    await page.getByRole('navigation', { name: 'Insights pages' }).waitFor();
  },
};

const browser = await launch();
try {
  const page = await browser.context.newPage();
  for (const [name, step] of Object.entries(steps)) {
    await step(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: name !== 'crosstab' });
    console.log(`wrote docs/explorer/${name}.png`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of ['audiences', 'crosstab']) {
    await steps[name](page);
    await page.screenshot({ path: path.join(out, `${name}-phone.png`) });
    console.log(`wrote docs/explorer/${name}-phone.png`);
  }
} finally {
  await browser.close();
}
