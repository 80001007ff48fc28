import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { currencyAskedIn } from './currency-asked';
import { askedInEnglish } from './ask-in-english';

const demo = demoPlannerCatalogue();
const refusal = (prompt: string) => planPrompt({ prompt, catalogue: demo });

describe('currencyAskedIn', () => {
  it('reads a currency named after "in" or its symbol standing alone as the unit asked in', () => {
    expect(currencyAskedIn('average basket value, in £?', ['average', 'basket', 'value', 'in'])?.[0]).toBe('£');
    expect(currencyAskedIn('how much, in euros', ['how', 'much', 'in', 'euros'])?.[0]).toBe('€');
    expect(currencyAskedIn('gasto medio en R$', ['gasto', 'medio', 'en'])?.[0]).toBe('R$');
  });
  it('leaves a symbol that bounds an amount to the amount readers', () => {
    expect(currencyAskedIn('spend more than $50 a month', ['spend', 'more', 'than', '50', 'a', 'month'])).toBeNull();
    expect(currencyAskedIn('über 50 € im Monat', ['uber', '50', 'im', 'monat'])).toBeNull();
    expect(currencyAskedIn('euro zone shoppers', ['euro', 'zone', 'shoppers'])).toBeNull();
  });
});

describe('an amount asked in a currency', () => {
  it.each([
    "What's the average basket value of UK online shoppers, in £?",
    'average order value of online shoppers in the UK, in pounds',
    'Wie viel geben Deutsche im Schnitt pro Monat online aus, in Euro?',
    '¿Cuánto gastan los españoles en ropa online, en euros?',
    'Combien les Français dépensent-ils en ligne, en euros ?',
    'typical weekly outlay of US shoppers online in $',
  ])('is refused as money: %s', (prompt) => {
    const out = refusal(prompt);
    expect(out.outcome).toBe('refuse');
    if (out.outcome === 'refuse') expect(out.message).toContain('an amount of money');
  });
  it('keeps a bound in a currency the spend question is banded in', () => {
    expect(answerPlan('How many Americans spend more than $50 a month on games?', demo).topic?.question).toBe('monthly_gaming_spend');
  });
});

describe('time in chat shorthand', () => {
  it('reads "hrs", "mins" as the units of time', () => {
    expect(askedInEnglish('how many hrs a week on tiktok')).toEqual(['how', 'many', 'hours', 'a', 'week', 'on', 'tiktok']);
  });
  it.each(['how many hrs a week do brits spend on tiktok', 'how many mins a day do gen z spend on instagram', 'avg hrs per day on youtube in the us'])(
    'refuses time on one platform and offers the hours question: %s',
    (prompt) => {
      const out = refusal(prompt);
      expect(out.outcome).toBe('refuse');
      if (out.outcome === 'refuse') expect(out.offer?.code).toBe('hours_social_media_per_day');
    },
  );
});
