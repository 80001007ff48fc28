import { EvalCase } from './eval-case';
import { PERTURBATIONS, wordingFor } from './perturb';

const at = (name: string) => {
  const p = PERTURBATIONS.find((x) => x.name === name);
  if (!p) throw new Error(name);
  return p;
};
const english = { id: 'x-1', family: 'share-population', org: 'demo', prompt: 'What share of Germans use TikTok?', expect: { outcome: 'answer' } } as EvalCase;

describe('perturbations: each keeps what is asked and changes only how it is typed', () => {
  it('drops sentence marks but keeps a decimal point and a time', () => {
    expect(wordingFor(at('no-punctuation'), 'tuning', 'a')('Top 3, please: who uses 2.5 GB at 10.30? Thanks.')).toBe(
      'Top 3 please who uses 2.5 GB at 10.30 Thanks',
    );
  });
  it('embeds only a question that opens with a word of asking, lower-casing its first word', () => {
    expect(at('lead-in').applies(english)).toBe(true);
    expect(at('lead-in').applies({ ...english, prompt: 'Do Gen Z over-index on TikTok?' })).toBe(false);
    expect(wordingFor(at('lead-in'), 'tuning', 'x-1')('What share of Germans use TikTok?')).toMatch(
      /^(Can you tell me|I'd like to know) what share of Germans use TikTok\?$/,
    );
  });
  it('puts "please" before the closing mark, and leaves a prompt that already says it', () => {
    expect(wordingFor(at('please'), 'held-out', 'x-1')('Top 3 brands?')).toMatch(/^Top 3 brands( please|, if you can)\?$/);
    expect(at('please').applies({ ...english, prompt: 'Top 3 brands pls' })).toBe(false);
  });
  it('wraps only English prompts', () => {
    expect(at('greeting').applies({ ...english, prompt: 'Wie viele Deutsche nutzen TikTok?', family: 'language' })).toBe(false);
    expect(at('greeting').applies({ ...english, prompt: '日本でTikTokを使う人の割合は？' })).toBe(false);
  });
  it('drops one middle letter of the longest long word', () => {
    expect(wordingFor(at('typo'), 'tuning', 'a')('Which retailers lead?')).toBe('Which retalers lead?');
  });
  it('chooses a wording by the case id, the same on every run, and keeps the two lists apart', () => {
    const p = at('greeting');
    expect(wordingFor(p, 'tuning', 'x-1')('Q')).toBe(wordingFor(p, 'tuning', 'x-1')('Q'));
    const tuning = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => wordingFor(p, 'tuning', id)('Q')));
    const heldOut = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => wordingFor(p, 'held-out', id)('Q')));
    expect([...tuning].some((t) => heldOut.has(t))).toBe(false);
  });
});
