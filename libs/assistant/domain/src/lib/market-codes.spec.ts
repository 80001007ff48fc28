import { detectLanguage } from './languages';
import { nameListedCodes } from './market-codes';
import { planPrompt } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

describe('market codes in a list', () => {
  it('writes codes joined by a slash, a plus, a comma or a word of joining as their markets', () => {
    expect(nameListedCodes('tiktok uk/us/de')).toBe('tiktok united kingdom/united states/germany');
    expect(nameListedCodes('Spotify reach US+uk')).toBe('Spotify reach united states+united kingdom');
    expect(nameListedCodes('de, fr, es: kombucha')).toBe('germany, france, spain: kombucha');
    expect(nameListedCodes('Uso de WhatsApp: es vs br')).toBe('Uso de WhatsApp: spain vs brazil');
    expect(nameListedCodes('Wie viele nutzen Spotify: de und fr')).toBe('Wie viele nutzen Spotify: germany und france');
  });

  it('leaves a code said alone, or beside a word that is no code, as the word it may be', () => {
    expect(nameListedCodes('¿Qué porcentaje de españoles usa TikTok?')).toBe('¿Qué porcentaje de españoles usa TikTok?');
    expect(nameListedCodes('Esto es y será')).toBe('Esto es y será');
    // "in" joins clauses ("uk or in de"): never India in lower case.
    expect(nameListedCodes('people in uk or in de')).toBe('people in uk or in de');
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
    expect(markets('Uso de Netflix: es, br y de')).toEqual(['es', 'br', 'de']);
    expect(markets('de, fr, es: where do women drink the most kombucha?')).toEqual(['de', 'fr', 'es']);
    expect(markets('tiktok uk/us/de 2025')).toEqual(['gb', 'us', 'de']);
    // Codes in capitals are markets in any language.
    expect(markets('Vergleich der TikTok-Nutzung bei Frauen: DE vs FR')).toEqual(['de', 'fr']);
  });
});
