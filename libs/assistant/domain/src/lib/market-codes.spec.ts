import { detectLanguage } from './languages';
import { capitaliseListedCodes } from './market-codes';
import { planPrompt } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

describe('market codes in a list', () => {
  it('writes codes joined by a slash, a plus, a comma or a word of joining in capitals', () => {
    expect(capitaliseListedCodes('tiktok uk/us/de')).toBe('tiktok UK/US/DE');
    expect(capitaliseListedCodes('Spotify reach US+uk')).toBe('Spotify reach US+UK');
    expect(capitaliseListedCodes('de, fr, es: kombucha')).toBe('DE, FR, ES: kombucha');
    expect(capitaliseListedCodes('Uso de WhatsApp: es vs br')).toBe('Uso de WhatsApp: ES vs BR');
    expect(capitaliseListedCodes('Wie viele nutzen Spotify: de und fr')).toBe('Wie viele nutzen Spotify: DE und FR');
  });

  it('leaves a code said alone, or beside a word that is no code, as the word it may be', () => {
    expect(capitaliseListedCodes('¿Qué porcentaje de españoles usa TikTok?')).toBe('¿Qué porcentaje de españoles usa TikTok?');
    expect(capitaliseListedCodes('Esto es y será')).toBe('Esto es y será');
    // "in" joins clauses ("uk or in de"): never India in lower case.
    expect(capitaliseListedCodes('people in uk or in de')).toBe('people in uk or in de');
  });

  it('does not count listed codes as words of another language', () => {
    expect(detectLanguage('tiktok uk/us/de 2025')).toBe('en');
    expect(detectLanguage('instagram fr/es/de q1 2026')).toBe('en');
    expect(detectLanguage('Uso de WhatsApp entre los millennials: es vs br')).toBe('es');
  });

  it('plans listed codes as the markets side by side, in the prompt’s language and order', () => {
    const catalogue = demoPlannerCatalogue();
    const markets = (prompt: string) => {
      const out = planPrompt({ prompt, catalogue });
      return out.outcome === 'answer' ? out.plan.locations.map((l) => l.code) : out.outcome;
    };
    expect(markets('Vergleich der TikTok-Nutzung bei Frauen: de vs fr')).toEqual(['de', 'fr']);
    expect(markets('Uso de WhatsApp entre los millennials: es vs br')).toEqual(['es', 'br']);
    expect(markets('de, fr, es: where do women drink the most kombucha?')).toEqual(['de', 'fr', 'es']);
    expect(markets('tiktok uk/us/de 2025')).toEqual(['gb', 'us', 'de']);
    // Codes in capitals are markets in any language.
    expect(markets('Vergleich der TikTok-Nutzung bei Frauen: DE vs FR')).toEqual(['de', 'fr']);
  });
});

describe('a market code continuing a list from an earlier turn', () => {
  it('reads a whole turn of a word of joining and one code as a market ("vs de", "+ fr", "and es too?")', () => {
    expect(capitaliseListedCodes('vs de')).toBe('vs DE');
    expect(capitaliseListedCodes('+ fr')).toBe('+ FR');
    expect(capitaliseListedCodes('and es too?')).toBe('and ES too?');
    expect(capitaliseListedCodes('versus de?')).toBe('versus DE?');
  });
  it('leaves a code inside a longer turn as written', () => {
    expect(capitaliseListedCodes('vs de la semana pasada')).toBe('vs de la semana pasada');
  });
});
