import { readFileSync } from 'fs';
import { RuleBasedPlanner } from '../src/lib/planner';
import { dockedAudiences, evalCatalogue } from './eval-catalogue';
import { AnalysisPlan } from '../src/lib/assistant.types';
it('plans batch', () => {
  const rows: { chain: string[]; docked?: string[]; org?: string }[] = JSON.parse(readFileSync(process.env.F3_FILE as string, 'utf8'));
  const planner = new RuleBasedPlanner();
  const out: string[] = [];
  for (const row of rows) {
    const catalogue = evalCatalogue(row.org ?? 'demo');
    const docked = dockedAudiences(catalogue, row.docked ?? []);
    let previous: AnalysisPlan | null = null;
    let s = '';
    for (const prompt of row.chain) {
      const o: any = planner.plan({ prompt, catalogue, previous, docked });
      s = o.outcome === 'answer'
        ? `${o.plan.kind} ${o.plan.topic ? `${o.plan.topic.question}/${o.plan.topic.datapoints.map((d: any) => d.code).join(',')}/${o.plan.topic.suffix?.code ?? ''}${o.plan.topic.negate ? ' NOT' : ''}` : 'null'} aud=${o.plan.audiences.map((a: any) => a.name).join('|')} loc=${o.plan.locations.map((l: any) => l.code).join(',')} w=${o.plan.waves.length}:${o.plan.waves[0]?.code}${o.plan.limit !== 5 ? ' lim=' + o.plan.limit : ''}${o.plan.count ? " COUNT" : ""}${o.plan.rankBy ? " rankBy=" + JSON.stringify(o.plan.rankBy) : ""}${o.plan.verdict ? " verdict=" + o.plan.verdict : ""}${o.plan.pairedPeriods ? " PAIRED" : ""}${o.plan.average ? " AVG" : ""}`
        : `${o.outcome}: ${o.message}`;
      if (o.outcome === 'answer') previous = o.plan;
    }
    out.push(`${row.chain.slice(-1)[0]}  [${row.chain.slice(0, -1).join(' / ')}]${row.docked ? ' D=' + row.docked.join('|') : ''}\n    ${s}`);
  }
  process.stdout.write(out.join('\n') + '\n');
});
