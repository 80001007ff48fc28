import { writeFileSync, readFileSync } from 'fs';
import { evalCatalogue } from './eval-catalogue';
import { normaliseWords } from '../src/lib/planner/normalise';
import { indexOf } from '../src/lib/catalogue-index';
import { RuleBasedPlanner } from '../src/lib/planner';
import { resolutionOf } from './score-eval';
it('debug', () => {
  const prompts = readFileSync('/tmp/f2/prompts.txt', 'utf8').split('\n').filter((x) => x.trim());
  const out: string[] = [];
  for (const line of prompts) {
    const [org, prompt] = line.includes('\t') ? line.split('\t') : ['demo', line];
    const cat = evalCatalogue(org);
    const idx = indexOf(cat);
    const n = normaliseWords(prompt, idx);
    const o = new RuleBasedPlanner().plan({ prompt, catalogue: cat, previous: null, docked: [] });
    const r = resolutionOf(o);
    out.push(`${prompt} AVG=${o.outcome === "answer" ? JSON.stringify(o.plan.average ?? null) : "-"}\n  words: ${n.words.join(" ")}\n  ${JSON.stringify({ ...r, topic: r.topic ? `${r.topic.question}:${r.topic.datapoints.join(',')}:${r.topic.suffix}` : r.topic })}${o.outcome !== 'answer' ? '\n  ' + (o as { message?: string }).message : ''}`);
  }
  writeFileSync('/tmp/f2/debug.txt', out.join('\n'));
});
