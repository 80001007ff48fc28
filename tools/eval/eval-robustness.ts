import fs from 'node:fs';
import path from 'node:path';
import {
  EVAL_SETS,
  formatRobustnessTable,
  isHeldOut,
  parseEvalCases,
  PERTURBATIONS,
  scoreRobustness,
  type EvalCase,
  type Wordings,
} from '@aas/assistant-domain/eval';
import { cliArgs } from './cli-args';

const ROOT = path.resolve(__dirname, '..', '..', '..');

const HELP = `Robustness of the assistant's planner by invariance: of the evaluation cases it gets right, how
many stay right when the prompt is wrapped or typed as people do (a greeting or a sentence of
context first, thanks at the end, a polite lead-in, "please", lower case, no punctuation).

usage:
  npm run eval:robustness -- [--sets tuning|held-out|<name>[,<name>...]] [--wordings tuning|held-out]
                             [--perturbation <name>] [--show-failures]

  --sets        which evaluation files (default: tuning, every tuning file)
  --wordings    which wordings of each perturbation (default: tuning; the held-out wordings are
                only ever scored, never listed)
  --show-failures  lists the broken cases (tuning files with tuning wordings only)

Perturbations: ${PERTURBATIONS.map((p) => `${p.name} (${p.what})`).join('; ')}.`;

function main(): number {
  const args = cliArgs();
  if (args.has('--help')) {
    console.log(HELP);
    return 0;
  }
  const which = args.value('--sets') ?? 'tuning';
  const sets =
    which === 'tuning'
      ? EVAL_SETS.filter((s) => !isHeldOut(s))
      : which === 'held-out'
        ? EVAL_SETS.filter((s) => isHeldOut(s))
        : which.split(',').filter((s) => (EVAL_SETS as readonly string[]).includes(s));
  if (sets.length === 0) {
    console.error(`--sets: tuning, held-out or names of ${EVAL_SETS.join(', ')}`);
    return 2;
  }
  const wordings = (args.value('--wordings') ?? 'tuning') as Wordings;
  if (wordings !== 'tuning' && wordings !== 'held-out') {
    console.error('--wordings must be tuning or held-out');
    return 2;
  }
  const only = args.value('--perturbation');
  const perturbations = only ? PERTURBATIONS.filter((p) => p.name === only) : PERTURBATIONS;
  if (perturbations.length === 0) {
    console.error(`--perturbation must be one of ${PERTURBATIONS.map((p) => p.name).join(', ')}`);
    return 2;
  }
  const cases: EvalCase[] = sets.flatMap((set) =>
    parseEvalCases(JSON.parse(fs.readFileSync(path.join(ROOT, 'libs', 'assistant', 'domain', 'eval', `${set}.json`), 'utf8')), set),
  );
  const started = performance.now();
  const scores = scoreRobustness(cases, wordings, perturbations);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    formatRobustnessTable(scores, `planner robustness, ${wordings} wordings, on ${sets.length} file(s), ${cases.length} cases (${seconds.toFixed(0)} s)`),
  );
  const secret = wordings === 'held-out' || sets.some(isHeldOut);
  if (args.has('--show-failures') && secret) console.log('\n(failures are listed for tuning files with tuning wordings only)');
  else if (args.has('--show-failures'))
    for (const s of scores)
      for (const f of s.broken) {
        console.log(`\n[${s.perturbation}] ${f.id} [${f.family}] ${f.prompt}`);
        for (const d of f.differences) console.log(`  ${d.member}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`);
      }
  return 0;
}

process.exitCode = main();
