import { readFileSync } from 'fs';
import { join } from 'path';
import { parseEvalCases, scoreEval, formatScoreTable } from './score-eval';
it('scores', () => {
  const sets = (process.env.F3_SETS ?? 'tuning-7-followup').split(',');
  for (const set of sets) {
    const cases = parseEvalCases(JSON.parse(readFileSync(join(__dirname, set + '.json'), 'utf8')), set);
    const only = process.env.F3_ONLY;
    const score = scoreEval(only ? cases.filter((c) => c.id.includes(only)) : cases);
    const lines = [formatScoreTable(score, set)];
    for (const f of score.failures) {
      const c = cases.find((x) => x.id === f.id)!;
      lines.push(`FAIL ${f.id} ${JSON.stringify(c.chat ?? [])} docked=${JSON.stringify(c.docked ?? [])} :: ${f.prompt}`);
      for (const d of f.differences) lines.push(`   ${d.member}: expected ${JSON.stringify(d.expected)} actual ${JSON.stringify(d.actual)}`);
    }
    process.stdout.write(lines.join('\n') + '\n');
  }
});
