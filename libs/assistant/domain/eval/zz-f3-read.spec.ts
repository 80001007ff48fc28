import { promptContext } from '../src/lib/planner/context';
import { evalCatalogue } from './eval-catalogue';
import { readFrame } from '../src/lib/planner/frame';
import { readMarkets } from '../src/lib/planner/markets';
import { chooseTopic } from '../src/lib/planner/topic';
it('reads', () => {
  const catalogue = evalCatalogue('demo');
  for (const p of JSON.parse(process.env.F3_P ?? '[]')) {
    const ctx = promptContext({ catalogue, previous: null }, p);
    const m: any = readMarkets(ctx);
    const frame = readFrame(ctx, m.markets ?? []);
    const choice = chooseTopic(ctx.reading, frame.roles, ctx.index, ctx.catalogue, frame.cues);
    process.stdout.write(`>> ${p}\n   words=${ctx.text}\n   spans=${JSON.stringify(ctx.reading.spans.map((s: any) => [s.start, s.end, s.entry?.kind, s.entry?.name ?? s.entry?.location?.code ?? s.entry?.datapoint?.code]))}\n   topic=${choice.question?.code} conf=${choice.confident} ment=${choice.mentioned} sides=${frame.roles.sides.length}\n`);
  }
});
