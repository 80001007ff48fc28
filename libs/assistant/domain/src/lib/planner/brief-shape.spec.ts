import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { askShapeOf, focusBrief, reportedAsk, sentencesOf } from './brief';

const demo = demoPlannerCatalogue();

describe('a brief question found by its shape in other languages', () => {
  it('reads verbs that frame a question as English verbs of asking', () => {
    expect(askShapeOf('Necesito saber qué porcentaje usa TikTok', 'es')).toMatch(/^necesito know /);
    expect(askShapeOf('Zeig mir den Anteil der Deutschen', 'de')).toMatch(/^show /);
  });
  it('plans the reported question after the verb of knowing, not the context', () => {
    const focus = focusBrief('Il cliente vende scarpe da corsa in tutta Europa. Vorrei sapere quale percentuale delle persone in Spagna usa Strava.', demo);
    expect(focus?.ask).toBe('Quale percentuale delle persone in Spagna usa Strava.');
    expect(reportedAsk("J'aimerais savoir quelle part utilise Instagram.", 'fr')).toBe('Quelle part utilise Instagram.');
  });
  it('takes a command in another language as the question', () => {
    const focus = focusBrief('Wir planen eine große Kampagne für einen Sportartikelhersteller. Zeig mir den Anteil der Deutschen, die TikTok nutzen.', demo);
    expect(focus?.ask).toBe('Zeig mir den Anteil der Deutschen, die TikTok nutzen.');
  });
});

describe('sentence ends that are not a full stop and a capital', () => {
  it('splits Japanese at its full stop and question mark', () => {
    expect(sentencesOf('来年、日本で新しい時計を発売する予定です。日本で時計を持っている人の割合は？')).toHaveLength(2);
    const focus = focusBrief('来年、日本で新しいスマートウォッチを発売する予定です。日本でスマートウォッチを持っている人の割合は？', demo);
    expect(focus?.ask).toBe('日本でスマートウォッチを持っている人の割合は？');
  });
  it('splits a prompt written all in lower case at its full stops', () => {
    expect(sentencesOf('pls ignore my earlier email re tiktok. need: share of uk women using pinterest')).toHaveLength(2);
    expect(sentencesOf('Growth is flat. but we think so.')).toHaveLength(1);
  });
});
