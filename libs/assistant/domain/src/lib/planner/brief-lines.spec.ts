import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { startsAsking } from './brief';
import { definesOwnPeople, droppedLead, labelledAsk, labelledContext, ranksAlong, setsAside, statementBeforeColon, withLeadScope } from './brief-lines';

const demo = demoPlannerCatalogue();

describe('setsAside', () => {
  it('reads a negative instruction without a question mark as setting something aside', () => {
    expect(setsAside("Don't bother with AliExpress; Jonas covered it in January.")).toBe(true);
    expect(setsAside('Please ignore the Netflix figures.')).toBe(true);
    expect(setsAside('Never mind Canada.')).toBe(true);
    expect(setsAside('send to Ana by Thursday')).toBe(true);
    expect(setsAside('book the room')).toBe(true);
  });
  it('leaves questions and other sentences alone', () => {
    expect(setsAside("Don't Gen Z use Facebook any more?")).toBe(false);
    expect(setsAside('Do Gen Z use Facebook?')).toBe(false);
    expect(setsAside('Show me Netflix use in Spain.')).toBe(false);
  });
});

describe('labelledAsk', () => {
  it('takes what follows an ask label when it names something measured', () => {
    expect(labelledAsk('data ask: trust in Dove among women vs men in Brazil', demo)).toBe('trust in Dove among women vs men in Brazil');
    expect(labelledAsk('q - Temu buying in France', demo)).toBe('Temu buying in France');
  });
  it('needs an ask label and a measured thing', () => {
    expect(labelledAsk('objective: grow Nike in Germany', demo)).toBeNull();
    expect(labelledAsk('data ask: see Jo for the deck', demo)).toBeNull();
    expect(labelledAsk('trust in Dove among women', demo)).toBeNull();
  });
});

describe('labelledContext', () => {
  it('reads a line labelled as background as context', () => {
    expect(labelledContext('client: Garnier')).toBe(true);
    expect(labelledContext('competitor - Shark')).toBe(true);
    expect(labelledContext('market: Brazil')).toBe(false);
    expect(labelledContext('The client is Garnier')).toBe(false);
  });
});

describe('statementBeforeColon', () => {
  it('splits a statement before a question that asks on its own', () => {
    expect(statementBeforeColon('Now they are looking at the UK market: how has Monster Energy buying among Gen Z there changed?', demo, startsAsking)).toEqual(
      { head: 'Now they are looking at the UK market', ask: 'How has Monster Energy buying among Gen Z there changed?' },
    );
  });
  it("keeps a question's own people before its colon, and a colon before something that does not ask", () => {
    expect(statementBeforeColon('Beer drinkers there: what share are men?', demo, startsAsking)).toBeNull();
    expect(statementBeforeColon('We looked at three markets: France, Spain and Italy.', demo, startsAsking)).toBeNull();
  });
});

describe('withLeadScope', () => {
  it('adds the market and the people a dropped lead-in names to a question naming none', () => {
    expect(withLeadScope('the share of people who use both Netflix and Disney+.', 'What I need for Australia: ', demo)).toBe(
      'the share of people who use both Netflix and Disney+ in Australia.',
    );
    expect(withLeadScope('what share use TikTok?', 'Question for Gen Z: ', demo)).toBe('what share use TikTok among gen z?');
  });
  it('keeps what the question names itself', () => {
    expect(withLeadScope('what share of Spaniards use TikTok?', 'What I need for Australia: ', demo)).toBe('what share of Spaniards use TikTok?');
    expect(withLeadScope('what share use TikTok?', '', demo)).toBe('what share use TikTok?');
  });
});

describe('droppedLead', () => {
  it('is the words before what a lead-in left', () => {
    expect(droppedLead('What I need for Australia: the share of people', 'the share of people')).toBe('What I need for Australia: ');
    expect(droppedLead('What share use TikTok?', 'What share use TikTok?')).toBe('');
  });
});

describe('definesOwnPeople', () => {
  it('sees people defined by a clause of their own', () => {
    expect(definesOwnPeople("Among Americans who don't use Instagram, which holidays are most popular?")).toBe(true);
    expect(definesOwnPeople('What share of dog owners who shop online buy pet food?')).toBe(true);
  });
  it('not a measure or a reference before "who"', () => {
    expect(definesOwnPeople('share who use LinkedIn')).toBe(false);
    expect(definesOwnPeople('How many of those who use TikTok are women?')).toBe(false);
    expect(definesOwnPeople('Who uses TikTok most?')).toBe(false);
  });
});

describe('ranksAlong', () => {
  it('sees an ask along the markets or groups', () => {
    expect(ranksAlong("rank our markets by the share of people who've bought from Etsy", demo)).toBe(true);
    expect(ranksAlong('which age group uses TikTok most', demo)).toBe(true);
    expect(ranksAlong('what share of Germans use TikTok', demo)).toBe(false);
  });
});
