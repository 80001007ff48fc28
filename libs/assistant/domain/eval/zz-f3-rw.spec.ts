import { rewriteReplacement } from '../src/lib/planner/follow-up-replace';
import { mentionsIn } from '../src/lib/planner/mentions';
import { evalCatalogue } from './eval-catalogue';
it('rw', () => {
  const c = evalCatalogue('demo');
  const prev: any = { audiences: [], locations: [] };
  for (const p of JSON.parse(process.env.F3_P ?? '[]')) process.stdout.write(`>> ${p} => ${rewriteReplacement(p, prev, c)} | ${JSON.stringify(mentionsIn(p, c).map((m) => m.text))}\n`);
});
