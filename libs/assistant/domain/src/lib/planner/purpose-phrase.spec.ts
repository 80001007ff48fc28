import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerFollowUp, answerPlan } from '../testing/plan-answer';
import { withoutAnyPurpose, withoutPurpose } from './purpose-phrase';

const demo = demoPlannerCatalogue();

describe('withoutAnyPurpose', () => {
  it('drops every phrase of what the answer is for, whatever it names', () => {
    expect(withoutAnyPurpose('For our UK churn-risk deck: what share of UK adults use Deliveroo?')).toBe('what share of UK adults use Deliveroo?');
    expect(withoutAnyPurpose('What share of Gen Z use TikTok?')).toBe('What share of Gen Z use TikTok?');
  });
});

describe('withoutPurpose', () => {
  it('sets aside what a follow-up is for, the brand in it included', () => {
    expect(withoutPurpose('Could you pull that for the Nike pitch?', demo, true)?.text).toBe('Could you pull that?');
    expect(withoutPurpose('Need this for the Spotify client meeting tomorrow', demo, true)?.text).toBe('Need this tomorrow');
    expect(withoutPurpose('¿Me preparas eso para la presentación de Telegram?', demo, true)?.text).toBe('¿Me preparas eso?');
  });
  it('takes a name after its noun as far as its capitalised words, never into a bracket or the question', () => {
    expect(withoutPurpose('Para el informe de Iberia necesito saber cuántos españoles usan TikTok.', demo, false)?.purposes).toEqual([
      'Para el informe de Iberia',
    ]);
    expect(withoutPurpose('Para el informe de Iberia (lo presentamos el jueves) necesito saber cuántos españoles usan TikTok.', demo, false)?.purposes).toEqual(
      ['Para el informe de Iberia'],
    );
  });
  it('keeps a purpose that names people or a market', () => {
    expect(withoutPurpose('Could you pull that for the Gen Z pitch?', demo, true)).toBeNull();
  });
  it('keeps a sentence that is only a purpose, as the context of a brief', () => {
    expect(withoutPurpose("Pull the share of Japanese who use Netflix. It's for a streaming client.", demo, false)).toBeNull();
  });
  it('keeps it on a first turn that would be left with nothing to measure', () => {
    expect(withoutPurpose('numbers for the Nike pitch please', demo, false)).toBeNull();
  });
});

describe('a purpose in a turn', () => {
  it('repeats the last answer for the client named', () => {
    const plan = answerFollowUp('What share of French people use Deezer?', 'great, can you pull that for the Spotify deck', demo);
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(['deezer']);
    expect(plan.locations.map((l) => l.code)).toEqual(['fr']);
  });
  it('plans the question of a first turn, not the client', () => {
    const plan = answerPlan('Quick one for the Samsung deck - how many people in India own a smartwatch?', demo);
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(['smartwatch']);
  });
});
