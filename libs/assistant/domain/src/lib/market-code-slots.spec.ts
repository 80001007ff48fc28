import { detectLanguage } from './languages';
import { capitaliseMarketCodes } from './market-code-slots';
import { planPrompt } from './planner';
import { answerFollowUp, answerPlan } from './testing/plan-answer';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

const catalogue = demoPlannerCatalogue();
const codes = (prompt: string) => answerPlan(prompt, catalogue).locations.map((l) => l.code);

describe('market codes in a market’s slot', () => {
  it('writes a code after a word of place, inclusion or swapping in capitals', () => {
    expect(capitaliseMarketCodes('eco-conscious shoppers in de')).toBe('eco-conscious shoppers in DE');
    expect(capitaliseMarketCodes('most considered? incl jp pls')).toBe('most considered? incl JP pls');
    expect(capitaliseMarketCodes('swap de for fr')).toBe('swap DE for FR');
    expect(capitaliseMarketCodes('snap usr in fr?? pct pls')).toBe('snap usr in FR?? pct pls');
    expect(capitaliseMarketCodes('tiktok use across de')).toBe('tiktok use across DE');
    expect(capitaliseMarketCodes('streaming among parents excluding us')).toBe('streaming among parents excluding US');
  });

  it('writes a code before a word for people or "only" in capitals', () => {
    expect(capitaliseMarketCodes('top 5 destinations jp ppl like')).toBe('top 5 destinations JP ppl like');
    expect(capitaliseMarketCodes('pet food subs, us only')).toBe('pet food subs, US only');
    expect(capitaliseMarketCodes('share of us gen z who use discord')).toBe('share of US gen z who use discord');
    expect(capitaliseMarketCodes('fr adults who cycle')).toBe('FR adults who cycle');
    expect(capitaliseMarketCodes('and de instead?')).toBe('and DE instead?');
    expect(capitaliseMarketCodes('what about fr?')).toBe('what about FR?');
  });

  it('writes a code set apart at the end, in brackets, heading the prompt or in a spaced list in capitals', () => {
    expect(capitaliseMarketCodes('who orders food delivery most? fr')).toBe('who orders food delivery most? FR');
    expect(capitaliseMarketCodes('over-index on influencers, de')).toBe('over-index on influencers, DE');
    expect(capitaliseMarketCodes('snap usage (br) last year')).toBe('snap usage (BR) last year');
    expect(capitaliseMarketCodes('au: top streaming services')).toBe('AU: top streaming services');
    expect(capitaliseMarketCodes('snapchat usage fr')).toBe('snapchat usage FR');
    expect(capitaliseMarketCodes('rank uk fr es for oat milk drinkers')).toBe('rank UK FR ES for oat milk drinkers');
    expect(capitaliseMarketCodes('tiktok uk jp de')).toBe('tiktok UK JP DE');
    expect(capitaliseMarketCodes('¿Cuántos usuarios de br?')).toBe('¿Cuántos usuarios de BR?');
  });

  it('leaves the same letters as the words they are', () => {
    for (const prompt of [
      'can you tell us what share of gen z use tiktok',
      'pull this for us, among us it matters',
      'give us the top 5 only',
      '¿Qué porcentaje de millennials usa TikTok? Esto es de España',
      'Part de parents qui vont au cinéma',
      '¿Qué es?',
      'what works for us',
      'música de pop y de rock',
      'la part de population urbaine',
      'give us uk numbers',
    ])
      expect(capitaliseMarketCodes(prompt)).toBe(prompt);
  });

  it('does not count a slotted code as a word of another language', () => {
    expect(detectLanguage('what makes eco-conscious shoppers in de different')).toBe('en');
    expect(detectLanguage('netflix or disney+ among parents in de')).toBe('en');
  });

  it('plans the slotted codes as the markets', () => {
    expect(codes('snap usr in fr?? pct pls thx')).toEqual(['fr']);
    expect(codes('top 5 holiday destinations jp ppl are interested in')).toEqual(['jp']);
    expect(codes('top streaming services in au')).toEqual(['au']);
    expect(codes('share of us gen z who use discord')).toEqual(['us']);
    expect(codes('snapchat usage among women? de')).toEqual(['de']);
    expect(codes('rank uk fr es for oat milk drinkers')).toEqual(['gb', 'fr', 'es']);
    expect(answerFollowUp('amazon prime subs among parents, uk vs de', 'swap de for fr', catalogue).locations.map((l) => l.code)).toEqual(['gb', 'fr']);
    // "tell us" is the pronoun: no market named.
    const out = planPrompt({ prompt: 'tell us what share of gen z use tiktok', catalogue });
    expect(out.outcome === 'answer' ? out.plan.locations.map((l) => l.code) : out.outcome).not.toContain('us');
  });
});
