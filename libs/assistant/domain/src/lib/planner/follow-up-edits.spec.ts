import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { combine, uniqueAudiences } from './audiences';
import { promptContext } from './context';
import { FollowUpEdits, mergeFollowUp } from './follow-up';
import { readFrame } from './frame';
import { readMarkets } from './markets';
import { codeName } from './outcomes';
import { chooseTopic } from './topic';
import { settleTopic } from './topic-context';
import { MarketReading } from './types';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string, previous?: AnalysisPlan): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
  return out.plan;
}

/** The edits a follow-up decides, read as the planner reads the prompt (after the context stage's rewriting). */
function edits(prompt: string, previous: AnalysisPlan): FollowUpEdits {
  const ctx = promptContext({ catalogue, previous }, prompt);
  const markets = readMarkets(ctx) as MarketReading;
  const frame = readFrame(ctx, markets.markets);
  const choice = chooseTopic(ctx.reading, frame.roles, ctx.index, ctx.catalogue, frame.cues);
  const step = settleTopic(ctx, frame, choice, markets.markets);
  if ('outcome' in step) throw new Error(`${prompt}: ${step.outcome}`);
  const audiences = uniqueAudiences(frame.roles.sides.map((side) => combine(side)));
  const start = {
    topic: step.topic,
    topicQuestion: step.question,
    audiences,
    locations: markets.markets.map(codeName),
    waves: ctx.reading.time.waves.map(codeName),
    limit: ctx.reading.limit,
    count: frame.count,
    ascending: false,
  };
  return mergeFollowUp(ctx, frame, step, start, audiences.length > 0, markets).edits;
}

describe('decideFollowUp: what a follow-up changes, member by member', () => {
  const share = plan('What share of Gen Z in Germany use Snapchat?');
  const sides = plan('Compare TikTok use among Gen Z and Millennials in the US and the UK');

  it('a new audience, market or period replaces that member and keeps the rest', () => {
    expect(edits('and for women?', share)).toEqual({ audiences: 'replace', markets: 'keep', topic: 'keep', waves: 'keep' });
    expect(edits('what about in France?', share)).toEqual({ audiences: 'keep', markets: 'replace', topic: 'keep', waves: 'keep' });
    expect(edits('what about Q1 2026?', share)).toEqual({ audiences: 'keep', markets: 'keep', topic: 'keep', waves: 'replace' });
    expect(edits('Millennials in Japan', share)).toMatchObject({ audiences: 'replace', markets: 'replace', topic: 'keep' });
  });

  it('the topic: a new one, other answers, another scale row, the same answers by another measure', () => {
    expect(edits('what about Netflix?', share).topic).toBe('replace');
    expect(edits('what about Instagram?', share).topic).toBe('answers');
    expect(edits('what about daily use?', share).topic).toBe('measure');
    expect(edits('and which do they actually buy?', plan('Which car brands do men in Germany consider?')).topic).toBe('scale');
  });

  it('a comparison: "and X?" adds a side, "X only" selects sides, "only X" narrows one audience', () => {
    expect(edits('and Gen X?', sides).audiences).toBe('add');
    expect(edits('and Gen Z only?', sides).audiences).toBe('select');
    expect(edits('just the UK', sides).markets).toBe('select');
    expect(edits('only women', share).audiences).toBe('narrow');
  });

  it('a trend asked of a share runs over every wave', () => {
    expect(edits('how has that changed?', share).waves).toBe('every');
  });
});
