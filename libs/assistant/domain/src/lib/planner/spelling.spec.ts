import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { correctSpelling, oneSlip, spellingNote, spellingOf } from './spelling';

const catalogue = demoPlannerCatalogue();
const spelt = (prompt: string) => correctSpelling(prompt, catalogue).text;

describe('spelling: one typo of a known word read as that word', () => {
  it('reads a word one slip from exactly one word of the lexicon or the catalogue as that word', () => {
    expect(spelt('Globlly, what share sleep under five hours a night?')).toBe('Globally, what share sleep under five hours a night?');
    expect(spelt('Has Threads grown over the past eigheen months?')).toBe('Has Threads grown over the past eighteen months?');
    expect(spelt('give me that as a headount')).toBe('give me that as a headcount');
    expect(spelt('What share of Boomers use Facebook Markeplace?')).toBe('What share of Boomers use Facebook Marketplace?');
  });

  it('reads a form the vocabulary does not list through its key, keeping the ending typed', () => {
    expect(spelt('Top 5 retalers people bought from')).toBe('Top 5 retailers people bought from');
    expect(spelt('self-descibed hardcore gamers')).toBe('self-described hardcore gamers');
  });

  it('reads the words of other languages in their language, keeping the accents typed', () => {
    expect(spelt('Die fünf beliebtesten Streamindienste bei der Generation Z')).toBe('Die fünf beliebtesten Streamingdienste bei der Generation Z');
    expect(spelt('¿Cómo ha cambiado el uso de Disney+ desde el primer trimstre de 2025?')).toContain('primer trimestre de 2025');
    expect(spelt('Combien de Français possèdent une voiture électique ?')).toContain('voiture électrique');
  });

  it('reads a word of the chat language, or of any language when the prompt does not tell one', () => {
    expect(correctSpelling('E per la Generzione Z?', catalogue, 'it').text).toBe('E per la Generazione Z?');
    expect(spelt('Cosa contraddstingue la Gen Z in Giappone?')).toBe('Cosa contraddistingue la Gen Z in Giappone?');
  });

  it('reads a German compound with one slip in one of its words, never one written right', () => {
    expect(spelt('Wie hat sich der Anteil der Hundebsitzer verändert?')).toBe('Wie hat sich der Anteil der Hundebesitzer verändert?');
    expect(spelt('Was zeichnet Elektroatofahrer in Deutschland aus?')).toBe('Was zeichnet Elektroautofahrer in Deutschland aus?');
    expect(spelt('Was zeichnet Elektroautofahrer in Deutschland aus?')).toBe('Was zeichnet Elektroautofahrer in Deutschland aus?');
  });

  it('never reads a known word, a form of one, a short word or a code as a typo', () => {
    expect(spellingOf('instagram', catalogue).known).toBe(true);
    expect(spellingOf('tablettes', catalogue).known).toBe(true);
    expect(spelt('how many use spotfy in q3')).toBe('how many use spotfy in q3');
    expect(spelt('growth since 2025er')).toBe('growth since 2025er');
  });

  it("reads a form by the endings of the prompt's own languages only, so a typo is not another language's form", () => {
    // "millones" is Spanish; with Spanish endings "millons" would be a form of it, and never corrected.
    expect(spelt("what's that in millons?")).toBe("what's that in millions?");
    expect(correctSpelling('¿y en millones?', catalogue).fixes).toEqual([]);
  });

  it('never reads a word of the English dictionary as another word one slip away', () => {
    expect(spelt('How are survey weighing choices made for Gen Z?')).toBe('How are survey weighing choices made for Gen Z?');
    expect(spelt('Which retalers lead?')).toBe('Which retailers lead?');
  });

  it('leaves a word two known words are as near for the later stages to ask about', () => {
    expect(spellingOf('baskeball', catalogue).near.sort()).toEqual(['baseball', 'basketball']);
    expect(spelt('How many Americans are baskeball fans?')).toBe('How many Americans are baskeball fans?');
  });

  it('reads a word written as a name only as a name of the catalogue or a word its neighbour goes on with', () => {
    expect(spelt('What do Elecric car drivers over-index on?')).toBe('What do Electric car drivers over-index on?');
    expect(spelt('What share of Brazilians are aware of Natura?')).toBe('What share of Brazilians are aware of Natura?');
  });

  it('counts a letter dropped, added or swapped as a slip, and a letter replaced only by its neighbour on the keyboard', () => {
    expect(oneSlip('retalers', 'retailers')).toBe(true);
    expect(oneSlip('consdier', 'consider')).toBe(true);
    expect(oneSlip('simple', 'sample')).toBe(false);
    expect(oneSlip('diversify', 'diversity')).toBe(true);
    expect(oneSlip('hearing', 'wearing')).toBe(false);
  });

  it('says in the answer which words it read as others', () => {
    expect(spellingNote([{ typed: 'retalers', meant: 'retailers' }])).toBe('I read “retalers” as “retailers”.');
    expect(spellingNote([])).toBeNull();
    const out = planPrompt({ prompt: 'Top 5 retalers people bought from in the last 12 months in the US', catalogue });
    expect(out.outcome).toBe('answer');
    if (out.outcome === 'answer') expect(out.notes).toContain('I read “retalers” as “retailers”.');
  });

  it('keeps an unmeasurable ask unanswerable, its measure read as typed or as meant', () => {
    const out = planPrompt({ prompt: 'What is the average satisfction score for Netflix in the UK?', catalogue });
    expect(out.outcome).toBe('refuse');
  });
});
