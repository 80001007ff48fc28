// Debian's chromium through playwright-core, for the explorer's scripts (screenshots, benchmark):
// launched by path with the flags a container needs, in a fresh profile, no browser download.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

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

export async function launch({ width = 1280, height = 900 } = {}) {
  const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) throw new Error(`no chromium at ${executablePath}: apt-get install -y chromium (or set CHROMIUM)`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-explorer-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: FLAGS, viewport: { width, height } });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The explorer link `npm start` printed (argument or EXPLORER_LINK): `http://localhost:3000/explorer/#token=...`. */
export function explorerLink() {
  const link = process.argv[2] ?? process.env.EXPLORER_LINK;
  if (!link || !link.includes('#token=')) {
    console.error('usage: node <script> <the explorer link npm start printed, with its #token=...>');
    process.exit(64);
  }
  const url = new URL(link);
  return { link, base: url.origin, token: new URLSearchParams(url.hash.slice(1)).get('token') };
}

/** Opens the link (signing in) then the page at `route`, waiting for its heading. */
export async function openPage(page, link, route, heading) {
  if (!(await page.evaluate(() => sessionStorage.length).catch(() => 0))) {
    await page.goto(link);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }
  await page.goto(new URL(`/explorer/${route}`, link).toString());
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}
