import { AnalysisPlan, PlanTopic } from '../assistant.types';
import { describePlan } from '../narrative';
import { columnsOf } from '../engine-runs';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { SubjectSpan } from './combine';
import { readExclusion, withExclusion } from './exclude';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous: null });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
  return out.plan;
}

const platforms: PlanTopic = {
  question: 'social_platform_usage',
  questionName: 'Social media platforms used',
  datapoints: [
    { code: 'tiktok', name: 'TikTok' },
    { code: 'snapchat', name: 'Snapchat' },
    { code: 'instagram', name: 'Instagram' },
  ],
  suffix: null,
};
const span = (start: number, code: string): SubjectSpan => ({
  start,
  end: start + 1,
  entry: { kind: 'datapoint', refs: [{ question: { code: 'social_platform_usage' }, datapoint: { code, name: code } }] },
});

describe('readExclusion', () => {
  it('splits the answers at "but not", "except", "without" (filler words between allowed)', () => {
    expect(readExclusion('use tiktok but not instagram'.split(' '), [span(1, 'tiktok'), span(4, 'instagram')], platforms)).toEqual({
      given: ['tiktok'],
      excluded: ['instagram'],
    });
    expect(
      readExclusion('on tiktok and snapchat but not on instagram'.split(' '), [span(1, 'tiktok'), span(3, 'snapchat'), span(7, 'instagram')], platforms),
    ).toEqual({
      given: ['tiktok', 'snapchat'],
      excluded: ['instagram'],
    });
    expect(readExclusion('tiktok except instagram'.split(' '), [span(0, 'tiktok'), span(2, 'instagram')], platforms)?.excluded).toEqual(['instagram']);
    expect(readExclusion('tiktok pero not instagram'.split(' '), [span(0, 'tiktok'), span(3, 'instagram')], platforms)?.excluded).toEqual(['instagram']);
  });

  it('reads one verb of the excluded answer after the excluding word, and "but neither ... nor" of several', () => {
    expect(readExclusion('tiktok without using instagram'.split(' '), [span(0, 'tiktok'), span(3, 'instagram')], platforms)?.excluded).toEqual(['instagram']);
    expect(
      readExclusion('tiktok but neither snapchat nor instagram'.split(' '), [span(0, 'tiktok'), span(3, 'snapchat'), span(5, 'instagram')], platforms),
    ).toEqual({ given: ['tiktok'], excluded: ['snapchat', 'instagram'] });
    // Two words between the excluding word and the answer, or a name, are no exclusion of it.
    expect(readExclusion('tiktok without ever really checking instagram'.split(' '), [span(0, 'tiktok'), span(5, 'instagram')], platforms)).toBeNull();
  });

  it('plans "X without owning Y" as X and not Y', () => {
    const p = plan('Share of Brits who own a smartphone without owning a laptop');
    expect([p.topic?.datapoints.map((d) => d.code), p.topic?.combine, p.topic?.also?.[0]?.datapoints.map((d) => d.code)]).toEqual([
      ['smartphone'],
      'all',
      ['laptop'],
    ]);
  });

  it('excludes nothing without excluding words between the answers, or with one answer only', () => {
    expect(readExclusion('tiktok or instagram'.split(' '), [span(0, 'tiktok'), span(2, 'instagram')], platforms)).toBeNull();
    expect(readExclusion('not tiktok or instagram'.split(' '), [span(1, 'tiktok'), span(3, 'instagram')], platforms)).toBeNull();
    expect(readExclusion('but not instagram'.split(' '), [span(2, 'instagram')], platforms)).toBeNull();
  });

  it('measures every given answer and none of the excluded ones', () => {
    const out = withExclusion({ ...platforms, negate: true }, { given: ['tiktok', 'snapchat'], excluded: ['instagram'] });
    expect(out.datapoints.map((d) => d.code)).toEqual(['tiktok', 'snapchat']);
    expect(out.combine).toBe('all');
    expect(out.negate).toBeUndefined();
    expect(out.also).toEqual([
      {
        question: 'social_platform_usage',
        questionName: 'Social media platforms used',
        datapoints: [{ code: 'instagram', name: 'Instagram' }],
        suffix: null,
        not: true,
      },
    ]);
  });
});

describe('the planner with answers not given', () => {
  it.each([
    ['What share of Americans watch Hulu but not Netflix?', 'streaming_services_used', ['hulu'], ['netflix']],
    ['Share of Gen Z who use Discord but not Reddit', 'social_platform_usage', ['discord'], ['reddit']],
    ["People in Germany who use Instagram but don't use Facebook", 'social_platform_usage', ['instagram'], ['facebook']],
    ["share of Brits who are on Instagram, but aren't on TikTok", 'social_platform_usage', ['instagram'], ['tiktok']],
    ['Pourcentage de Français qui utilisent Spotify mais pas Deezer', 'music_streaming_services', ['spotify'], ['deezer']],
  ])('%s', (prompt, question, given, excluded) => {
    const topic = plan(prompt).topic;
    expect(topic?.question).toBe(question);
    expect(topic?.datapoints.map((d) => d.code)).toEqual(given);
    expect(topic?.combine).toBe('all');
    expect(topic?.also?.map((p) => ({ codes: p.datapoints.map((d) => d.code), not: p.not }))).toEqual([{ codes: excluded, not: true }]);
  });
});

describe('the narrative of answers not given', () => {
  it('one engine column, named and described with the answer not given', () => {
    const p = plan('What share of Brits use TikTok but not Instagram?');
    const columns = columnsOf(p, catalogue);
    expect(columns.map((c) => [c.datapoint.name, c.expression])).toEqual([
      [
        'TikTok but not Instagram',
        {
          and: [
            { question: 'social_platform_usage', datapoints: ['tiktok'] },
            { question: 'social_platform_usage', datapoints: ['instagram'], not: true },
          ],
        },
      ],
    ]);
    expect(describePlan(p, columns)).toContain('answered “TikTok” but not “Instagram” to “Social media platforms used”');
  });
});
