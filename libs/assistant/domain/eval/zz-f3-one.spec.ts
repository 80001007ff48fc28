import { RuleBasedPlanner } from '../src/lib/planner';
import { dockedAudiences, evalCatalogue } from './eval-catalogue';
import { AnalysisPlan } from '../src/lib/assistant.types';
it('plans', () => {
  const chain: string[] = JSON.parse(process.env.F3_CHAIN ?? '[]');
  const catalogue = evalCatalogue(process.env.F3_ORG ?? 'demo');
  const docked = dockedAudiences(catalogue, JSON.parse(process.env.F3_DOCKED ?? '[]'));
  const planner = new RuleBasedPlanner();
  let previous: AnalysisPlan | null = null;
  for (const prompt of chain) {
    const out = planner.plan({ prompt, catalogue, previous, docked });
    const o: any = out;
    const s = out.outcome === 'answer'
      ? { kind: o.plan.kind, topic: o.plan.topic && `${o.plan.topic.question}/${o.plan.topic.datapoints.map((d: any) => d.code).join(',')}/${o.plan.topic.suffix?.code ?? ''}`, aud: o.plan.audiences.map((a: any) => a.name), loc: o.plan.locations.map((l: any) => l.code), waves: o.plan.waves.map((w: any) => w.code).join(','), limit: o.plan.limit, count: o.plan.count }
      : o;
    process.stdout.write(`>> ${prompt}\n   ${JSON.stringify(s)}\n`);
    if (out.outcome === 'answer') previous = out.plan;
  }
});
