#!/usr/bin/env node
// How soon the explorer shows a 100x100 crosstab, in Debian's headless chromium against a running
// service (not a test: figures vary with the machine and its load):
//   npm start                                              (the demo data: 200,000 respondents)
//   node tools/explorer/first-band.bench.mjs '<the explorer link npm start printed>'
// Each run opens the crosstab page with a 100x100 query (100 answers of the core survey as rows,
// 100 others as columns, default markets and waves) and reads the page's own marks: from the
// request to the first band of cells painted, and to the whole heatmap painted; and the long tasks
// (main thread busy over 50 ms, during which the page cannot respond) between the two.
// BENCH_RUNS (default 7) measured runs after 2 unmeasured ones; medians, min and max.
import os from 'node:os';
import { explorerLink, launch, openPage } from './browser.mjs';

const { link, base, token } = explorerLink();
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const WARMUP = 2;

async function api(pathname, body) {
  const res = await fetch(`${base}${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** 200 single-answer audiences of the core survey: 100 rows, 100 columns. */
async function query100() {
  const { questions } = await api('/v3/questions/filter', { include: { datapoints: true } });
  const audiences = questions
    .filter((q) => q.namespace_code === 'core' && q.accessible)
    .flatMap((q) =>
      (q.datapoints ?? []).map((d) => ({ id: `${q.code}.${d.code}`, name: `${q.name}: ${d.name}`, expression: { question: q.code, datapoints: [d.code] } })),
    );
  if (audiences.length < 200) throw new Error(`the catalogue has ${audiences.length} answers of the core survey; 200 are needed`);
  return { rows: audiences.slice(0, 100), columns: audiences.slice(100, 200) };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summary = (xs) => `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;

const query = await query100();
const url = new URL(`/explorer/crosstab#${new URLSearchParams({ q: JSON.stringify(query) })}`, link).toString();
const browser = await launch();
const results = [];
try {
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration })))).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  await openPage(page, link, 'catalogue', 'Catalogue');
  for (let run = 0; run < WARMUP + RUNS; run++) {
    // A new document each run (a fragment-only change would not reload): through about:blank.
    await page.goto('about:blank');
    await page.goto(url).catch((err) => {
      throw new Error(`opening the crosstab page failed: ${String(err.message).slice(0, 200)}`);
    });
    await page.waitForFunction(() => performance.getEntriesByName('crosstab:complete').length > 0, undefined, { timeout: 120_000 });
    const m = await page.evaluate(() => {
      const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
      const request = at('crosstab:request');
      const complete = at('crosstab:complete');
      const http = performance.getEntriesByType('resource').find((r) => r.name.includes('/v2/query/crosstab'));
      const long = window.__longTasks.filter((t) => t.start + t.duration >= request && t.start <= complete);
      return {
        firstBand: at('crosstab:first-band') - request,
        complete: complete - request,
        firstByte: http ? http.responseStart - http.startTime : NaN,
        cells: Number(/Done: (\d+) cells/.exec(document.querySelector('main')?.textContent ?? '')?.[1] ?? 0),
        drawn: document.querySelectorAll('table.heatmap tbody td:not(.pending):not(.spacer)').length,
        longTasks: long.length,
        longestTask: Math.max(0, ...long.map((t) => t.duration)),
        blocked: long.reduce((sum, t) => sum + t.duration, 0),
      };
    });
    if (m.cells !== 10_000) throw new Error(`run ${run + 1}: ${m.cells} cells received, not 10,000`);
    if (run >= WARMUP) results.push(m);
    process.stderr.write(
      `run ${run + 1}${run < WARMUP ? ' (warm-up)' : ''}: first band ${m.firstBand.toFixed(0)} ms, whole ${m.complete.toFixed(0)} ms, longest task ${m.longestTask.toFixed(0)} ms, ${m.drawn} cells drawn (the rest out of view)\n`,
    );
  }
} finally {
  await browser.close();
}

console.log(
  `explorer, 100x100 crosstab (10,000 cells) over ${base}: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${RUNS} runs`,
);
console.log(`  request -> first band painted:  ${summary(results.map((r) => r.firstBand))}`);
console.log(`  request -> first byte (HTTP):   ${summary(results.map((r) => r.firstByte))}`);
console.log(`  request -> whole heatmap:       ${summary(results.map((r) => r.complete))}`);
console.log(
  `  long tasks while it filled in:  ${median(results.map((r) => r.longTasks))} (median), longest ${summary(results.map((r) => r.longestTask))}, main thread blocked ${summary(results.map((r) => r.blocked))} in all`,
);
