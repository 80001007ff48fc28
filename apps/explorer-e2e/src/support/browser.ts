import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type ConsoleMessage, type Page } from 'playwright-core';
import { ensureSystemCommand } from '@aas/shared-infra/testing';

/** Flags Debian's chromium needs to run headless as root in a container, with nothing phoning home. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** What the page said on its console and what it threw, kept per test so a test can assert none. */
export interface PageLog {
  errors: string[];
}

/**
 * Debian's chromium (installed by the test run when missing and the run is root; otherwise the
 * failure names the command), launched by path through playwright-core: no browser download.
 */
export class Browser {
  private constructor(
    readonly context: BrowserContext,
    private readonly profile: string,
  ) {}

  static async launch(): Promise<Browser> {
    const executablePath = ensureSystemCommand({ command: 'chromium', aptPackage: 'chromium', label: 'the explorer browser tests' });
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-chromium-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: FLAGS, viewport: DESKTOP, acceptDownloads: true });
    return new Browser(context, profile);
  }

  /** A new tab whose console errors and uncaught exceptions are recorded in `log`. */
  async page(log: PageLog): Promise<Page> {
    const page = await this.context.newPage();
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') log.errors.push(m.text());
    });
    page.on('pageerror', (e) => log.errors.push(`uncaught: ${e.message}`));
    return page;
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    fs.rmSync(this.profile, { recursive: true, force: true });
  }
}

/**
 * The console errors other than the browser's own line for an answer the test provoked on purpose
 * (Chromium logs every 4xx of a fetch as "Failed to load resource: ... status of 400").
 */
export function unexpectedErrors(log: PageLog, expectedStatuses: number[] = []): string[] {
  return log.errors.filter((e) => !expectedStatuses.some((s) => e.includes(`the server responded with a status of ${s}`)));
}

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's WCAG 2.1 A and AA rules (and its best practices) over the page as it is now.
 * Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}
