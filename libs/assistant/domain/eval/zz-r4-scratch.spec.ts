import fs from 'node:fs';
import path from 'node:path';
import { formatScoreTable, parseEvalCases, scoreEval } from './score-eval';

const SET = process.env.R4_SET ?? 'tuning-6-dimensions';
it('r4 scratch', () => {
  if (SET.startsWith('held-out')) return;
  const cases = parseEvalCases(JSON.parse(fs.readFileSync(path.join(__dirname, `${SET}.json`), 'utf8')), SET);
  const score = scoreEval(cases);
  const lines = [formatScoreTable(score, SET)];
  for (const r of score.failures) if (!r.right) lines.push(`${r.id}: ${r.prompt}\n   ${JSON.stringify(r.differences)}`);
  fs.writeFileSync('/tmp/r4/out.txt', lines.join('\n'));
});

import { normaliseWords } from '../src/lib/planner/normalise';
import { indexOf } from '../src/lib/catalogue-index';
import { evalCatalogue } from './eval-catalogue';
it('r4 words', () => {
  const prompts = (process.env.R4_PROMPTS ?? '').split('||').filter(Boolean);
  const out: string[] = [];
  for (const p of prompts) out.push(`${p}\n  => ${normaliseWords(p, indexOf(evalCatalogue('demo'))).words.join(' ')}`);
  fs.writeFileSync('/tmp/r4/words.txt', out.join('\n'));
});
