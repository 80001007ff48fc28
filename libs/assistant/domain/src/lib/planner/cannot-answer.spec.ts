import { PlanOutcome } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

const demo = demoPlannerCatalogue();
const refusal = (prompt: string) => {
  const out = planPrompt({ prompt, catalogue: demo });
  if (out.outcome !== 'refuse') throw new Error(`${prompt}: ${out.outcome}`);
  return out as Extract<PlanOutcome, { outcome: 'refuse' }>;
};
const answers = (prompt: string) => planPrompt({ prompt, catalogue: demo }).outcome === 'answer';

describe('an ask the catalogue cannot measure', () => {
  it('is refused as cannot-answer, saying what and why, with the nearest question by name and no number', () => {
    const out = refusal('What share of over-65s in the US use Facebook?');
    expect(out).toMatchObject({ reason: 'cannot-answer', offer: { code: 'social_platform_usage' } });
    expect(out.message).toBe(
      'I cannot answer that: the survey asked people aged 16 to 64, so it has no figures for people over 65s. The nearest I can answer is “Social media platforms used” among people aged 55-64 — ask for it if that helps.',
    );
    expect(out.message).not.toMatch(/\d+(\.\d+)?%/);
  });
  it('offers the question named like the missing measure that has the brand asked about', () => {
    expect(refusal('What is the average satisfaction score for Netflix in the UK?').offer?.code).toBe('brand_perception_streaming');
    expect(refusal('How many minutes a day do Gen Z spend on TikTok?').offer?.code).toBe('hours_social_media_per_day');
    expect(refusal('How much time per week do Germans spend watching Netflix?').offer?.code).toBe('hours_streaming_per_day');
    expect(refusal('How much do gamers in Germany spend on games each month in euros?').offer?.code).toBe('monthly_gaming_spend');
  });
  it('answers what the catalogue does measure: time on social media as a whole, gaming spend in its own currency', () => {
    expect(answers('How long do Gen Z spend on social media each day?')).toBe(true);
    expect(answers('How much do Americans spend on gaming each month?')).toBe(true);
    expect(answers('What is the average household income in dollars in the US?')).toBe(true);
  });
  it('answers a band of time described in the common words of its question, and still refuses time on a brand it cites', () => {
    expect(answers('What share of Germans play video games for more than 10 hours a week?')).toBe(true);
    expect(answers('Quel pourcentage des Britanniques passe plus de 6 heures par jour en ligne ?')).toBe(true);
    expect(refusal('How much time per week do Germans spend watching Netflix?').reason).toBe('cannot-answer');
  });
  it('refuses a price or a decade of life asked in another language', () => {
    expect(refusal('Combien coûte en moyenne un abonnement Deezer en France ?').offer?.code).toBe('music_streaming_services');
    expect(refusal('Qual é o preço médio que os brasileiros pagam por um smartphone?').reason).toBe('cannot-answer');
    expect(refusal('日本の70代でYouTubeを使っている人の割合は？').offer?.code).toBe('social_platform_usage');
    expect(refusal('¿Cuántos españoles usarán Threads el año que viene?').reason).toBe('no-data');
  });
  it('offers nothing rather than a guess when the rest of the ask names nothing the catalogue has', () => {
    const out = refusal('How much money do Brits spend on haircuts per week?');
    expect(out.offer).toBeUndefined();
    expect(out.message).toBe('I cannot answer that: the survey does not measure an amount of money.');
  });
  it('refuses churn, and a satisfaction or NPS question about a brand, offering its perceptions', () => {
    expect(refusal("What's the churn rate for Disney+ in the US?")).toMatchObject({ reason: 'cannot-answer', offer: { code: 'streaming_services_used' } });
    expect(refusal('How many people in Germany would recommend Lufthansa?').offer?.code).toBe('brand_perception_airlines');
  });
  it('answers how often where the catalogue asks it, and refuses it for a brand it does not', () => {
    expect(answers('How often do Germans listen to podcasts?')).toBe(true);
    expect(answers('How often do Gen Z use TikTok?')).toBe(true);
    expect(refusal('How often do French people shop at Lidl?').message).toMatch(
      /^I cannot answer that: the survey does not measure how often people use Lidl\./,
    );
  });
  it('refuses time or money on one thing even when a broader question measures it', () => {
    expect(refusal('How much do Gen Z spend on Fortnite per month?').reason).toBe('cannot-answer');
  });
});

describe('the nearest question, and money spent on something else', () => {
  it('offers a question that shares a word with the ask itself, else the ask’s own topic', () => {
    expect(refusal('Average weekly minutes of radio listening in France?').offer?.code).toBe('radio_listening_frequency');
    expect(refusal('How much do Brazilians pay per month for Netflix?').offer?.code).toBe('streaming_services_used');
    expect(refusal("What was Adidas's revenue in Germany last year?").offer?.code).toBe('brand_funnel_sportswear');
    expect(refusal('What share of Gen Z plan to open a savings account next year?').offer?.code).toBe('financial_products');
  });
  it('refuses money spent on a subject the spend question does not measure, and spending over a period', () => {
    expect(refusal('How much do Gen Z spend on clothes each month?').reason).toBe('cannot-answer');
    expect(refusal('What do Millennials in the UK spend on takeaways per week?').reason).toBe('cannot-answer');
    expect(answers('How much do households in the US earn?')).toBe(true);
  });
  it('refuses followers and churn, and reads hours spent each week as time, not money', () => {
    expect(refusal('How many followers does Nike have on Instagram?').reason).toBe('cannot-answer');
    expect(refusal('What share of Uber Eats customers churned last quarter?').reason).toBe('cannot-answer');
    expect(answers('How many hours do Germans spend gaming each week?')).toBe(true);
    expect(answers('Among men aged 55-64, how many follow golf?')).toBe(true);
  });
  it('answers a plan the catalogue asks about', () => {
    expect(answers('How many Gen Z in France plan to buy a games console?')).toBe(true);
  });
});

describe('measuredAfterAll and figures', () => {
  it('reads a figure of an amount as the amount, never the answer "2" of another question', () => {
    expect(answers('What share of Australians are online between 2 and 4 hours a day?')).toBe(true);
  });
});

describe('the nearest question of an ask that names things in passing', () => {
  it('finds the brand said by its short name only ("the Telekom" for Deutsche Telekom)', () => {
    expect(refusal('Wie hoch ist die Kundenzufriedenheit mit der Telekom in Deutschland?').offer?.code).toBe('brand_perception_telecoms');
  });
  it('offers the hours question when the missing measure is said twice ("the average time ... in minutes")', () => {
    expect(refusal("What's the average time Gen Z in Brazil spend on WhatsApp per day, in minutes?").offer?.code).toBe('hours_social_media_per_day');
  });
  it('refuses a trait no question asks, offering the question of the thing asked about', () => {
    const out = refusal("What's the ethnic breakdown of TikTok users in the US?");
    expect(out).toMatchObject({ reason: 'cannot-answer', offer: { code: 'social_platform_usage' } });
    expect(out.message).not.toMatch(/\d+(\.\d+)?%/);
  });
  it('refuses a brand the catalogue lacks when its name ends in another brand’s ("Gymshark", not Shark)', () => {
    expect(refusal('What share of Brits are aware of Gymshark?').unknown).toEqual(['gymshark']);
  });
});
