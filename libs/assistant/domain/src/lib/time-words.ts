/*
 * The words of time the planner reads (English; prompts in other languages reach it translated
 * through `TIME_PHRASES`). Data, not rules: read by `readTime` (time.ts) and `waveRefs`
 * (time-refs.ts).
 */

/** Ordinal words of a quarter ("the first quarter"); "last" is the fourth. */
export const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: 4 };

/** Months, by their number, in every language read: "March 2025" is in the wave of the quarter it falls in. */
export const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
  // The other languages' months, read only beside a year ("März 2025", "mars 2025": not the brand).
  enero: 1,
  gennaio: 1,
  janeiro: 1,
  januar: 1,
  janvier: 1,
  febbraio: 2,
  febrero: 2,
  februar: 2,
  fevereiro: 2,
  fevrier: 2,
  marco: 3,
  mars: 3,
  marz: 3,
  marzo: 3,
  maggio: 5,
  mai: 5,
  maio: 5,
  mayo: 5,
  giugno: 6,
  juin: 6,
  junho: 6,
  juni: 6,
  junio: 6,
  juillet: 7,
  julho: 7,
  juli: 7,
  julio: 7,
  luglio: 7,
  octobre: 10,
  octubre: 10,
  oktober: 10,
  ottobre: 10,
  outubro: 10,
  decembre: 12,
  dezember: 12,
  dezembro: 12,
  dicembre: 12,
  diciembre: 12,
  abril: 4,
  aprile: 4,
  avril: 4,
  agosto: 8,
  aout: 8,
  septembre: 9,
  septiembre: 9,
  setembro: 9,
  settembre: 9,
  novembre: 11,
  novembro: 11,
  noviembre: 11,
};

/** Words after which a leading "now" moves the conversation on rather than naming a time. */
export const DISCOURSE_NEXT = new Set(
  'compare show what how and same also give tell only just do does for let break split add plot rank list make can could please i we'.split(' '),
);

/** Ways of saying the wave four quarters before the latest. */
export const YEAR_AGO = [
  'same quarter last year',
  'same quarter a year ago',
  'same quarter of last year',
  'same time last year',
  'same period last year',
  'same wave last year',
  'a year ago',
  'one year ago',
  '12 months ago',
  'twelve months ago',
  'four quarters ago',
  '4 quarters ago',
];

/** "Now vs a year ago", "year on year": the latest wave and the one four quarters before. */
export const NOW_VS_YEAR_AGO = [
  'year on year',
  'year over year',
  'yoy',
  'vs a year ago',
  'versus a year ago',
  'compared to a year ago',
  'compared with a year ago',
  'than a year ago',
  'vs last year',
  'versus last year',
  'compared to last year',
  'compared with last year',
  'against last year',
  'on last year',
  'than last year',
  'vs the previous year',
  'compared with the previous year',
  'compared to the previous year',
  'vs 12 months ago',
  'compared to 12 months ago',
  'compared with 12 months ago',
  'than 12 months ago',
];

/** Seasons, by the quarter they fall in most ("summer 2025" is Q3 2025; winter opens a year). */
export const SEASONS: Record<string, number> = {
  spring: 2,
  summer: 3,
  autumn: 4,
  fall: 4,
  winter: 1,
  fruhling: 2,
  sommer: 3,
  herbst: 4,
  primavera: 2,
  verano: 3,
  otono: 4,
  invierno: 1,
  printemps: 2,
  ete: 3,
  automne: 4,
  hiver: 1,
  verao: 3,
  outono: 4,
  inverno: 1,
  estate: 3,
  autunno: 4,
};

/** Words for the latest wave. */
export const NOW_WORDS = ['this quarter', 'right now', 'at the moment', 'currently', 'current', 'today', 'these days', 'nowadays', 'most recent', 'now'];

/**
 * Words that set one point in time against another ("higher than in March 2025", "compared with
 * Q3 2025", "vs Q2 2025"): said of one named wave alone, the other point is the latest.
 */
export const AGAINST_WORDS = new Set(['than', 'vs', 'versus', 'against', 'compared', 'comparison', 'relative']);

/** A word of change before "on" that sets the point after it against now ("up on Q4 2025", "down on last year"). */
export const CHANGE_BEFORE_ON = new Set(['up', 'down', 'higher', 'lower']);

/** Words that may stand between a time preposition and what it governs ("since the first quarter of 2025"). */
// Articles of the other languages left untranslated ("desde o primeiro trimestre") count too.
export const DETERMINERS = new Set(['the', 'a', 'an', 'o', 'el', 'la', 'le', 'il', 'lo', 'dem', 'den']);

/**
 * Time words of the other languages, as phrases translated into the English above (merged into
 * the language's phrase table; normalised: lower case, no accents, apostrophes as spaces).
 */
export const TIME_PHRASES: Record<'de' | 'es' | 'fr' | 'pt' | 'it', [string, string][]> = {
  de: [
    ['im vergleich zum', 'compared with the'],
    ['im vergleich zur', 'compared with the'],
    ['gegenuber dem', 'compared with the'],
    ['gegenuber der', 'compared with the'],
    ['vorjahr', 'last year'],
    ['im vorjahr', 'last year'],
    ['des vorjahres', 'last year'],
    ['vorjahres', 'last year'],
    ['gleichen', 'same'],
    ['selben', 'same'],
    ['quartal', 'quarter'],
    ['quartals', 'quarter'],
    ['vor einem jahr', 'a year ago'],
    ['vor zwolf monaten', '12 months ago'],
    ['jetzt', 'now'],
    ['aktuell', 'now'],
  ],
  es: [
    ['mismo trimestre del ano pasado', 'same quarter last year'],
    ['mismo periodo del ano pasado', 'same period last year'],
    ['interanual', 'year on year'],
    ['en comparacion con', 'compared with'],
    ['comparado con', 'compared with'],
    ['frente a', 'vs'],
    ['ahora', 'now'],
  ],
  fr: [
    ['par rapport a', 'compared with'],
    ['par rapport au', 'compared with the'],
    ['il y a un an', 'a year ago'],
    ['meme trimestre l an dernier', 'same quarter last year'],
    ['meme trimestre de l an dernier', 'same quarter last year'],
    ['sur un an', 'year on year'],
    ['en glissement annuel', 'year on year'],
    ['maintenant', 'now'],
  ],
  pt: [
    ['em relacao a', 'compared with'],
    ['em relacao ao', 'compared with the'],
    ['comparado com', 'compared with'],
    ['mesmo periodo do ano passado', 'same period last year'],
    ['agora', 'now'],
  ],
  it: [
    ['rispetto all anno scorso', 'compared with last year'],
    ['rispetto allo stesso trimestre dell anno scorso', 'compared with the same quarter last year'],
    ['salita o scesa', 'up or down'],
    ['salito o sceso', 'up or down'],
    ['aumentata o diminuita', 'up or down'],
    ['aumentato o diminuito', 'up or down'],
    ['un anno fa', 'a year ago'],
    ['rispetto a', 'compared with'],
    ['rispetto al', 'compared with the'],
    ['stesso trimestre dell anno scorso', 'same quarter last year'],
    ['in crescita o in calo', 'up or down'],
    ['in aumento o in calo', 'up or down'],
    ['ora', 'now'],
    ['adesso', 'now'],
  ],
};
