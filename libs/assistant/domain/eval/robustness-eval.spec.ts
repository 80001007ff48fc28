import fs from 'node:fs';
import path from 'node:path';
import { formatRobustnessTable, scoreRobustness, Wordings } from './perturb';
import { EVAL_SETS, isHeldOut, parseEvalCases, scoreEval } from './score-eval';

/**
 * The planner's robustness (perturb.ts) on the tuning files may not fall under the floors in
 * robustness-floors.json: per perturbation, the share of right cases that stay right, for the
 * wordings tuned against and for the held-out wordings (scored only, never listed). Only the tables
 * are printed.
 */
const floors = JSON.parse(fs.readFileSync(path.join(__dirname, 'robustness-floors.json'), 'utf8')) as Record<Wordings, Record<string, number>>;
const cases = EVAL_SETS.filter((s) => !isHeldOut(s)).flatMap((set) =>
  parseEvalCases(JSON.parse(fs.readFileSync(path.join(__dirname, `${set}.json`), 'utf8')), set),
);
const baseline = scoreEval(cases);

describe.each(['tuning', 'held-out'] as const)('the planner under perturbations, %s wordings', (wordings) => {
  const scores = scoreRobustness(cases, wordings, undefined, baseline);

  it('prints the share of right cases each perturbation keeps right', () => {
    console.log(formatRobustnessTable(scores, `tuning files, ${wordings} wordings`));
  });

  it('stays at or above each perturbation floor', () => {
    const floor = floors[wordings];
    expect(Object.keys(floor).sort()).toEqual(scores.map((s) => s.perturbation).sort());
    const under = scores.filter((s) => s.share < floor[s.perturbation]).map((s) => `${s.perturbation} ${s.kept}/${s.applied} < ${floor[s.perturbation]}`);
    expect(under).toEqual([]);
  });
});
