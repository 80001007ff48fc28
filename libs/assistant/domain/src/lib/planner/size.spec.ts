import { RuleBasedPlanner } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { asksForSize, numberBesideShare, sizeCuePositions, superlativeOfSize } from './size';

const catalogue = demoPlannerCatalogue();
const plan = (prompt: string, previous: string | null = null) => {
  const planner = new RuleBasedPlanner();
  const first = previous === null ? null : planner.plan({ prompt: previous, catalogue, previous: null, docked: [] });
  const out = planner.plan({ prompt, catalogue, previous: first?.outcome === 'answer' ? first.plan : null, docked: [] });
  return out.outcome === 'answer'
    ? { topic: `${out.plan.topic?.question}/${out.plan.topic?.datapoints.map((d) => d.code).join(',')}`, count: out.plan.count }
    : out.outcome;
};

describe('size: the phrases of cues.json `size` ask for a number of people', () => {
  it('reads a weighted count, a universe or population size, numbers in absolute or raw terms', () => {
    for (const text of [
      'weighted count of brazilians who use ifood',
      'universe size for dog owners',
      'the population size of millennials who rent',
      'in numbers please',
      'in raw numbers',
    ])
      expect(asksForSize(text.split(' '))).toBe(true);
    expect(asksForSize('what share of brits use pinterest'.split(' '))).toBe(false);
  });

  it('marks the words of a size phrase, so "universe size" is never the household size question', () => {
    expect(sizeCuePositions('universe size for dog owners'.split(' '))).toEqual([0, 1]);
    expect(plan('Universe size for dog owners in the US')).toEqual({ topic: 'pets_owned/dog', count: true });
  });

  it('turns a share into a headcount in a follow-up ("in numbers please")', () => {
    expect(plan('in numbers please', 'What share of Brits use Pinterest?')).toEqual({ topic: 'social_platform_usage/pinterest', count: true });
  });
});

describe('size: a superlative of a group, a number beside a share, the other languages', () => {
  const words = (text: string) => text.split(' ');

  it('reads a superlative of size before a group head (cues.json sizeSuperlatives, sizeHeads), never past a share', () => {
    expect(superlativeOfSize(words('which country has the biggest spotify audience'))).toBe(true);
    expect(superlativeOfSize(words('which platform has the largest user base in brazil'))).toBe(true);
    expect(superlativeOfSize(words('do a larger share of the population use tiktok'))).toBe(false);
    expect(superlativeOfSize(words('which is the biggest market for tiktok'))).toBe(false);
  });

  it('reads a number of people asked beside a share (cues.json sizeNouns), in either order', () => {
    expect(numberBesideShare(words('give me both the number and the percentage of australians who follow cricket'))).toBe(true);
    expect(numberBesideShare(words('the share and the headcount of vegans'))).toBe(true);
    expect(numberBesideShare(words('the number of holidays and the share who travel'))).toBe(false);
  });

  it('ranks markets by size for the biggest audience, and counts beside a share', () => {
    expect(plan('Which country has the biggest Spotify audience?')).toEqual({ topic: 'music_streaming_services/spotify', count: true });
    expect(plan('Give me both the number and the percentage of Australians who follow cricket')).toEqual({ topic: 'sports_followed/cricket', count: true });
  });

  it('reads "headcount" alone as a size, in a follow-up too ("and the headcount?")', () => {
    expect(plan('and the headcount?', 'What share of Brits use Snapchat?')).toEqual({ topic: 'social_platform_usage/snapchat', count: true });
  });

  it("reads absolute numbers in the markets' languages (languages/*.json phrases), in follow-ups too", () => {
    expect(plan('¿y en números absolutos?', '¿Qué porcentaje de españoles tiene un perro?')).toEqual({ topic: 'pets_owned/dog', count: true });
    expect(plan('Und in absoluten Zahlen?', 'Wie viel Prozent der Deutschen nutzen WhatsApp?')).toEqual({
      topic: 'social_platform_usage/whatsapp',
      count: true,
    });
    expect(plan('Et en chiffres absolus ?', 'Quel pourcentage de Français boit du thé ?')).toEqual({ topic: 'drinks_consumed/tea', count: true });
    expect(plan('E in numeri assoluti?', 'Quale percentuale di tedeschi usa Spotify?')).toEqual({ topic: 'music_streaming_services/spotify', count: true });
    expect(plan('In welchem Land gibt es die meisten YouTube-Nutzer in absoluten Zahlen?')).toEqual({ topic: 'social_platform_usage/youtube', count: true });
    expect(plan('インドでInstagramを使っている人の数は？')).toEqual({ topic: 'social_platform_usage/instagram', count: true });
  });
});

describe('"in" and words qualifying a number of people before "numbers"', () => {
  it('asks for a size ("in actual ppl numbers?", "in real user numbers")', () => {
    expect(asksForSize('in actual people numbers'.split(' '))).toBe(true);
    expect(asksForSize('in real user numbers'.split(' '))).toBe(true);
    expect(asksForSize('in actual numbers please'.split(' '))).toBe(true);
    expect(asksForSize('in hard numbers'.split(' '))).toBe(true);
    expect(plan('in actual ppl numbers?', 'TikTok use in the UK')).toEqual({ topic: 'social_platform_usage/tiktok', count: true });
  });
  it('leaves other words before "numbers" alone', () => {
    expect(asksForSize('interested in lottery numbers'.split(' '))).toBe(false);
  });
});
