import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { focusBrief } from './brief';
import { sentencesOf } from './brief-sentences';

const demo = demoPlannerCatalogue();

describe('the lines of a pasted brief', () => {
  it("drops a chat export's header (a time, a speaker and a colon) from each line", () => {
    expect(sentencesOf('[10:02] maria: client is Heineken\n[10:06] maria: need the share of Millennials in Brazil who bought Brahma')).toEqual([
      'client is Heineken',
      'need the share of Millennials in Brazil who bought Brahma',
    ]);
    expect(sentencesOf('10:06 AM - Tom Reed: which platforms do Gen Z use?')).toEqual(['which platforms do Gen Z use?']);
  });
  it('plans the ask of a chat thread, not a place its context names', () => {
    const focus = focusBrief(
      "[10:02] maria: client is Heineken, they're worried about Corona in Mexico\n[10:05] tom: ok so what can we give them\n[10:06] maria: need the share of Millennials in Brazil who bought Brahma",
      demo,
    );
    expect(focus?.ask).toMatch(/^Share of Millennials in Brazil who bought Brahma/);
  });
  it('reads a sign that opens what is asked for as its word, never a figure before "of"', () => {
    expect(sentencesOf('need: % of UK Millennials who have used Deliveroo')).toEqual(['need: percentage of UK Millennials who have used Deliveroo']);
    expect(sentencesOf('62% of our customers are women.')).toEqual(['62% of our customers are women.']);
  });
  it('starts a sentence at a lower-case word of asking after a full stop', () => {
    expect(sentencesOf('Our client is looking at inbound tourism. can you get me the share of Australians who travel?')).toHaveLength(2);
    expect(sentencesOf('Our client sells in the U.S. and the share is small.')).toHaveLength(1);
  });
});
