import { AnalysisPlan } from '../assistant.types';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { boundBeyondBands } from './band-bounds';

const demo = demoPlannerCatalogue();
const planOn = (question: string) => ({ topic: { question, questionName: question, datapoints: [], suffix: null } }) as unknown as AnalysisPlan;

describe('boundBeyondBands', () => {
  it('refuses a bound that falls inside a band', () => {
    const ask = boundBeyondBands('What share sleep more than 10 hours a night?', planOn('sleep_hours'), demo);
    expect(ask?.words).toBe('more than 10 hours');
  });
  it('answers a bound on the band edges', () => {
    expect(boundBeyondBands('What share sleep more than 8 hours a night?', planOn('sleep_hours'), demo)).toBeNull();
    expect(boundBeyondBands('What share sleep under 5 hours?', planOn('sleep_hours'), demo)).toBeNull();
    expect(boundBeyondBands('What share spend $50 or more a month on games?', planOn('monthly_gaming_spend'), demo)).toBeNull();
  });
  it('refuses an amount in another currency than the bands', () => {
    expect(boundBeyondBands('Who spends more than €60 a month on games?', planOn('monthly_gaming_spend'), demo)?.what).toMatch(/euros/);
  });
  it('says nothing of a question without bands', () => {
    expect(boundBeyondBands('more than 10 hours on TikTok', planOn('social_platform_usage'), demo)).toBeNull();
  });
});

describe('boundBeyondBands, when the topic was read as something else', () => {
  it('finds the banded question the prompt names by its words', () => {
    const ask = boundBeyondBands('What share of people in the UK sleep 9 hours or more?', planOn('health_concerns'), demo);
    expect(ask?.offerNamed).toEqual(['hours of sleep per night']);
  });
});
