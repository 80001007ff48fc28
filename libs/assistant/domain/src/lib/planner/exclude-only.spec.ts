import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { SubjectSpan } from './combine';
import { otherAnswers, readOnly } from './exclude-only';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous: null });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
  return out.plan;
}

const span = (start: number, code: string): SubjectSpan => ({
  start,
  end: start + 1,
  entry: { kind: 'datapoint', refs: [{ question: { code: 'social_platform_usage' }, datapoint: { code, name: code } }] },
});

describe('readOnly', () => {
  it('reads "only" before the answers, with one verb between, but never "not only"', () => {
    expect(readOnly('use only tiktok'.split(' '), [span(2, 'tiktok')])).toBe(true);
    expect(readOnly('only use tiktok'.split(' '), [span(2, 'tiktok')])).toBe(true);
    expect(readOnly('not only tiktok'.split(' '), [span(2, 'tiktok')])).toBe(false);
    expect(readOnly('only women use tiktok'.split(' '), [span(3, 'tiktok')])).toBe(false);
  });

  it('reads words after the last answer: "and no other", "and nothing else", "as their only", a closing "only"', () => {
    expect(readOnly('use whatsapp and no other platform'.split(' '), [span(1, 'whatsapp')])).toBe(true);
    expect(readOnly('use tiktok and nothing else'.split(' '), [span(1, 'tiktok')])).toBe(true);
    expect(readOnly('use tiktok as their only platform'.split(' '), [span(1, 'tiktok')])).toBe(true);
    expect(readOnly('use tiktok only'.split(' '), [span(1, 'tiktok')])).toBe(true);
    expect(readOnly('use tiktok only in the uk'.split(' '), [span(1, 'tiktok')])).toBe(false);
    expect(readOnly('use tiktok and instagram'.split(' '), [span(1, 'tiktok'), span(3, 'instagram')])).toBe(false);
  });
});

describe('answers given alone', () => {
  it('excludes every other real answer of the question, never a catch-all', () => {
    const others = otherAnswers(
      { question: 'streaming_services_used', questionName: '', datapoints: [{ code: 'netflix', name: 'Netflix' }], suffix: null },
      catalogue,
    );
    expect(others).toContain('disney_plus');
    expect(others).not.toContain('netflix');
    expect(others).not.toContain('none');
  });

  it('plans "X and no other ..." as X given and the others not', () => {
    const topic = plan('What share of Indians use WhatsApp and no other social platform?').topic;
    expect(topic?.datapoints.map((d) => d.code)).toEqual(['whatsapp']);
    expect(topic?.combine).toBe('all');
    expect(topic?.also?.[0].not).toBe(true);
    expect(topic?.also?.[0].datapoints.map((d) => d.code)).toContain('telegram');
    expect(topic?.negate).toBeFalsy();
  });

  it('keeps an explicit exclusion: "Netflix only, not Amazon Prime Video"', () => {
    const topic = plan('What share of Japanese use Netflix only, not Amazon Prime Video?').topic;
    expect(topic?.also?.[0].datapoints.map((d) => d.code)).toEqual(['amazon_prime_video']);
  });
});
