import fs from 'node:fs';
import path from 'node:path';
import { EVAL_SETS, formatScoreTable, isHeldOut, parseEvalCases, scoreEval } from '@aas/assistant-domain/eval';
import { cliArgs } from './cli-args';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SETS: readonly string[] = EVAL_SETS;

/**
 * Scores the assistant's planner on an evaluation set:
 *   npm run eval:assistant -- [--set <name>] [--show-failures]   (names: EVAL_SETS)
 * prints the share of fully right cases per family and overall; --show-failures lists what
 * differed in each wrong case (for the tuning sets: the held-out set is only ever scored).
 */
function main(): number {
  const args = cliArgs();
  const set = args.value('--set') ?? 'tuning';
  if (!SETS.includes(set)) {
    console.error(`--set must be one of ${SETS.join(', ')}`);
    return 2;
  }
  const file = path.join(ROOT, 'libs', 'assistant', 'domain', 'eval', `${set}.json`);
  if (!fs.existsSync(file)) {
    console.error(`${path.relative(ROOT, file)} does not exist`);
    return 2;
  }
  const cases = parseEvalCases(JSON.parse(fs.readFileSync(file, 'utf8')), set);
  const started = performance.now();
  const score = scoreEval(cases);
  const ms = performance.now() - started;
  console.log(formatScoreTable(score, `assistant planner on ${set}.json: ${cases.length} cases, ${ms.toFixed(0)} ms`));
  if (args.has('--show-failures') && isHeldOut(set)) {
    console.log('\n(held-out failures are not listed: the held-out sets are only ever scored)');
  } else if (args.has('--show-failures')) {
    for (const f of score.failures) {
      console.log(`\n${f.id} [${f.family}] ${f.prompt}`);
      for (const d of f.differences) console.log(`  ${d.member}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`);
    }
  }
  return 0;
}

process.exitCode = main();
