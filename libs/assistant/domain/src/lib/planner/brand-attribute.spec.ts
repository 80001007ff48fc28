import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { brandAttributeAsk } from './brand-attribute';
import { wordsOf } from './mentions';

const demo = demoPlannerCatalogue();
const ask = (prompt: string) => brandAttributeAsk(wordsOf(prompt), demo);

describe('brandAttributeAsk', () => {
  it('finds a quality of a brand that none of its perception statements names', () => {
    expect(ask('How do Millennials in the UK rate Nike’s customer service?')).toMatchObject({ kind: 'metric', words: 'customer service' });
    expect(ask('Do Gen Z see Netflix as a fun brand?')).toMatchObject({ words: 'fun', offerNamed: ['perceptions'] });
  });
  it('leaves a quality the statements name (trust, innovation, value for money, sustainability)', () => {
    expect(ask('What share of Gen Z think Netflix is innovative?')).toBeNull();
    expect(ask('Do Millennials see Nike as trustworthy?')).toBeNull();
    expect(ask('Is Adidas seen as good value for money?')).toBeNull();
    expect(ask('Do people see Nike as sustainable?')).toBeNull();
  });
  it('asks nothing of a brand without a word of how it is seen, or of a thing with no perceptions question', () => {
    expect(ask('What share of Gen Z use Netflix?')).toBeNull();
    expect(ask('How do Gen Z rate TikTok for fun?')).toBeNull();
  });
});
