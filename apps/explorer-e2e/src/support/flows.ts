import type { Page } from 'playwright-core';
import { axeViolations, type PageLog, unexpectedErrors } from './browser';

/** How long one step may wait for the page (a crosstab computed by a worker on a busy machine included). */
export const STEP_MS = 60_000;

/** Opens the start banner's link (which signs in), then the page at `path` of the explorer, and waits for its heading. */
export async function open(page: Page, link: string, path: string, heading: string): Promise<void> {
  if (!(await page.evaluate(() => sessionStorage.length).catch(() => 0))) {
    await page.goto(link);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: STEP_MS });
  }
  await page.goto(new URL(`/explorer/${path}`, link).toString());
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: STEP_MS });
}

/** The accessibility check and the console, at the end of every flow. */
export async function expectCleanPage(page: Page, log: PageLog, expectedStatuses: number[] = []): Promise<void> {
  expect({ url: page.url(), violations: await axeViolations(page) }).toEqual({ url: page.url(), violations: [] });
  expect(unexpectedErrors(log, expectedStatuses)).toEqual([]);
}

/** Waits until `predicate` holds in the page, failing with what the page showed. */
export async function until(page: Page, what: string, predicate: () => boolean, ms = STEP_MS): Promise<void> {
  try {
    await page.waitForFunction(predicate, undefined, { timeout: ms });
  } catch {
    const text = await page
      .locator('main')
      .innerText()
      .catch(() => '(no main)');
    throw new Error(`${what}: not seen within ${ms} ms; the page showed:\n${text.slice(0, 3000)}`);
  }
}

/** Picks a question through a QuestionPicker labelled `label`: types `search`, clicks the hit named `name`. */
export async function pickQuestion(page: Page, label: string, search: string, name: RegExp): Promise<void> {
  await page.getByLabel(label).first().fill(search);
  await page.getByRole('button', { name }).first().click({ timeout: STEP_MS });
}
