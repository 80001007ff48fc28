import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { scoreEval, parseEvalCases } from './score-eval';
it('scores', () => {
  const set = process.env.SET ?? 'tuning-7-dimensions';
  const cases = parseEvalCases(JSON.parse(readFileSync(join(__dirname, `${set}.json`), 'utf8')), set);
  const s = scoreEval(cases);
  const fam = Object.entries(s.families).map(([f, v]) => `${f} ${v?.right}/${v?.total}`).join('; ');
  const out = s.failures.map((r) => `${r.id} | ${r.prompt}\n${r.differences.map((d) => `   ${d.member}: exp ${JSON.stringify(d.expected)} got ${JSON.stringify(d.actual)}`).join('\n')}`);
  writeFileSync(`/tmp/f2/fail-${set}.txt`, `${s.overall.right}/${s.overall.total} ${fam}\n` + out.join('\n'));
});
