import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

/*
 * The dimension cues as the other languages and word orders say them: markets ranked in German
 * and Japanese, growth verbs in the Romance languages, an ordinal quarter after an untranslated
 * article, and markets named in a ranking without a word for a market.
 */
const catalogue = demoPlannerCatalogue();
const retail = demoPlannerCatalogue({ datasets: ['core'], locations: ['us', 'gb', 'de', 'fr'], waves: 5 });

function plan(prompt: string, c = catalogue): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue: c });
  if (out.outcome !== 'answer') throw new Error(out.message);
  return out.plan;
}
const codes = (xs: { code: string }[]) => xs.map((x) => x.code);

describe('dimensions in other words', () => {
  it('ranks the countries in Spanish with the verb before its subject ("¿En cuál de los países es menor la proporción ...?")', () => {
    const p = plan('¿En cuál de los países disponibles en el estudio es menor la proporción de personas que usan TikTok?');
    expect([p.rankBy, p.verdict]).toEqual(['markets', 'lowest']);
  });
  it('reads "no 1" as "number one": the one answer ranked first', () => {
    const p = plan('whats the no 1 social app in germany');
    expect([p.kind, p.limit, p.topic?.datapoints]).toEqual(['ranking', 1, []]);
  });
  it('ranks "our markets" in German, over every market the organisation licenses', () => {
    const p = plan('In welchem unserer Märkte nutzen am wenigsten Leute Facebook?', retail);
    expect(p.rankBy).toBe('markets');
    expect(p.verdict).toBe('lowest');
    expect(codes(p.locations)).toEqual(['us', 'gb', 'de', 'fr']);
  });

  it('ranks markets asked for in Japanese ("the country where ... is lowest")', () => {
    const p = plan('Instagramの利用率が最も高い国はどこですか？');
    expect(p.rankBy).toBe('markets');
    expect(p.verdict).toBe('highest');
    expect(p.locations.length).toBeGreaterThan(2);
  });

  it('reads growth compared from the verbs of Spanish, Portuguese and German', () => {
    expect(plan('¿Qué ha crecido más en Francia, Spotify o Deezer?').verdict).toBe('grew-more');
    const pt = plan('O TikTok cresceu mais no Japão ou na Austrália?');
    expect(pt.verdict).toBe('grew-more');
    expect(codes(pt.locations)).toEqual(['jp', 'au']);
    const de = plan('Ist YouTube bei Männern oder bei Frauen stärker gewachsen?');
    expect(de.verdict).toBe('grew-more');
    expect(de.audiences.map((a) => a.name)).toEqual(['Men', 'Women']);
  });

  it('starts a period at an ordinal quarter after an article of another language', () => {
    const p = plan('O Instagram cresceu mais no Brasil ou na Índia desde o segundo trimestre de 2025?');
    expect(codes(p.waves)[0]).toBe('q2_2025');
  });

  it('puts the markets a ranking names in order, without a word for a market', () => {
    const p = plan('Rank Germany, France and Spain by Netflix users');
    expect(p.rankBy).toBe('markets');
    expect(codes(p.locations)).toEqual(['de', 'fr', 'es']);
  });

  it('leaves a ranking of answers inside named markets a ranking of answers', () => {
    expect(plan('Rank streaming services in Germany and France').rankBy ?? null).not.toBe('markets');
  });
  it('reads a region as the markets of it the organisation licenses, and refuses one it licenses none of', () => {
    const p = plan('Among our European markets, where is Netflix most used?', retail);
    expect(codes(p.locations)).toEqual(['gb', 'de', 'fr']);
    expect(planPrompt({ prompt: 'Where in Asia is Netflix most used?', catalogue: retail }).outcome).toBe('refuse');
  });

  it('reads other verbs of change as growth compared, but not the word in "Baby boomers"', () => {
    expect(plan('Is Claude catching on faster in the US or in Japan?').verdict).toBe('grew-more');
    expect(plan('Which saw the bigger jump, Reddit among men or among women?').verdict).toBe('grew-more');
    expect(plan('Do Gen Z or Baby boomers use Facebook more?').verdict ?? null).not.toBe('grew-more');
  });

  it('reads "X\'s strongest markets" as a market ranking, not an open index', () => {
    const p = plan("Where are Netflix's strongest markets?");
    expect(p.rankBy).toBe('markets');
    expect(p.kind).toBe('comparison');
  });

  it('reads Italian growth compared ("è cresciuto di più")', () => {
    expect(plan('TikTok è cresciuto di più in Germania o in Spagna?').verdict).toBe('grew-more');
  });
  it('reads "where" in the other languages as a market ranking on a named answer', () => {
    for (const prompt of [
      'Wo wird Snapchat am wenigsten genutzt?',
      'Où Netflix est-il le plus utilisé ?',
      '¿Dónde es más popular Pinterest?',
      'Onde os homens usam mais o YouTube?',
    ])
      expect(plan(prompt).rankBy).toBe('markets');
    // French "ou" inside a question is still "or".
    expect(plan('Netflix ou Disney+ en France ?').rankBy ?? null).toBeNull();
  });
  it('keeps two answers side by side when their change is compared ("X or Y gaining faster")', () => {
    const p = plan('Is Snapchat or Pinterest growing faster among women?');
    expect(p.topic?.combine ?? 'each').toBe('each');
    expect(p.verdict).toBe('grew-more');
  });

  it('reads periods compared in the other languages, word by word ("gleichen Quartal im Vorjahr", "un anno fa", "前年同期")', () => {
    for (const prompt of [
      'Ist die Nutzung von Spotify gegenüber dem gleichen Quartal im Vorjahr gesunken?',
      'Rispetto a un anno fa, Snapchat è in crescita o in calo in Spagna?',
      "L'usage de Reddit au Royaume-Uni a-t-il baissé par rapport à il y a un an ?",
      '前年同期と比べて、アメリカのYouTube利用は減りましたか？',
    ]) {
      const p = plan(prompt);
      expect(p.pairedPeriods).toBe(true);
      expect(codes(p.waves)).toEqual(['q3_2025', 'q3_2026']);
    }
  });

  it('reads markets and groups named in the other languages ("el mercado con menos", "qual gênero", "どの年齢層")', () => {
    expect(plan('¿Cuál es el mercado con más usuarios de Telegram?').rankBy).toBe('markets');
    expect(plan('Qual gênero compra mais na Shein?').groupQuestion?.code).toBe('gender');
    expect(plan('どの年齢層がTikTokを最もよく使っていますか？').groupQuestion?.code).toBe('age_group');
    expect(plan('¿Qué nivel de estudios usa más LinkedIn?').groupQuestion?.code).toBe('education_level');
  });

  it('reads a German superlative "am ...sten" as the direction of a market ranking', () => {
    const p = plan('In welchem Land ist Nike am beliebtesten?');
    expect(p.rankBy).toBe('markets');
    expect(p.verdict).toBe('highest');
  });

  it('reads a size asked in the other languages ("wie groß", "la taille de", "qué tamaño", "o tamanho do", "何百万人")', () => {
    for (const prompt of [
      'Wie groß ist die Zielgruppe der Spotify-Nutzer in Frankreich?',
      "Quelle est la taille de l'audience de YouTube au Japon ?",
      '¿Qué tamaño tiene la audiencia de Disney+ en Brasil?',
      'Qual é o tamanho do público do Spotify na Espanha?',
      'インドのInstagramユーザーは何百万人ですか？',
    ])
      expect(plan(prompt).count).toBe(true);
    expect(plan('What size households use Netflix most?').count ?? false).toBe(false);
  });

  it('reads a breakdown by a group question in the other languages ("nach Geschlecht", "por edad", "per fascia d\'età")', () => {
    expect(plan('Instagram-Nutzung nach Geschlecht').groupQuestion?.code).toBe('gender');
    expect(plan('Uso de YouTube por edad en España').groupQuestion?.code).toBe('age_group');
    expect(plan("Utilizzo di Spotify per fascia d'età").groupQuestion?.code).toBe('age_group');
  });

  it('reads "this quarter vs last" as the latest two waves', () => {
    const p = plan('Reddit usage: this quarter vs last');
    expect(p.pairedPeriods).toBe(true);
    expect(codes(p.waves)).toEqual(['q2_2026', 'q3_2026']);
  });

  it('reads change asked in Japanese and Italian, and a same quarter of a named year in German', () => {
    expect(plan('SpotifyとApple Music、どちらが過去1年でより伸びましたか？').verdict).toBe('grew-more');
    const it = plan("La quota di utenti di Snapchat in Francia è salita o scesa rispetto all'anno scorso?");
    expect([it.pairedPeriods, it.verdict]).toEqual([true, 'up-or-down']);
    const de = plan('Ist die TikTok-Nutzung im Vergleich zum gleichen Quartal 2025 gestiegen?');
    expect(codes(de.waves)).toEqual(['q3_2025', 'q3_2026']);
    expect(plan('YouTubeの利用率が一番低い年齢層は？').groupQuestion?.code).toBe('age_group');
  });

  it('reads a season compared in the other languages ("el verano pasado", "l\'été dernier", "letzten Sommer")', () => {
    const fr = plan("Snapchat : maintenant par rapport à l'été dernier, en hausse ou en baisse ?");
    expect([fr.pairedPeriods, codes(fr.waves)]).toEqual([true, ['q3_2025', 'q3_2026']]);
    expect(codes(plan('¿Ha cambiado el uso de Reddit desde el verano pasado?').waves)[0]).toBe('q3_2025');
    expect(codes(plan('Ist Spotify seit letztem Sommer gewachsen?').waves)[0]).toBe('q3_2025');
  });

  it('keeps a name of several words the data holds untranslated ("Mercado Libre", "Pays-Bas")', () => {
    expect(plan('¿Cuántas personas en España compran en Mercado Libre?').topic?.datapoints.map((d) => d.code)).toEqual(['mercado_libre']);
    expect(planPrompt({ prompt: 'Combien de personnes aux Pays-Bas utilisent TikTok ?', catalogue }).outcome).toBe('refuse');
    // The market of a ranking is still read from its phrase.
    expect(plan('¿Cuál es el mercado con más usuarios de Reddit?').rankBy).toBe('markets');
  });
});
