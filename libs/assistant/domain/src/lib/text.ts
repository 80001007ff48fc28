/**
 * Text helpers of the planner. Prompts and catalogue names go through the same
 * normalisation, so a phrase match is a plain substring test on space-padded text.
 */

/** Lower case, apostrophes and punctuation out, digit ranges ("25-34") kept, single spaces, padded. */
export function normalize(text: string): string {
  const s = text
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/%/g, ' percent ')
    .replace(/(\d)\s*[-\u2013]\s*(\d)/g, '$1-$2')
    .replace(/(\d)\s*\+/g, '$1 plus')
    .replace(/[^a-z0-9\- ]+/g, ' ')
    .replace(/(?<!\d)-|-(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ` ${s} `;
}

export function tokens(text: string): string[] {
  return normalize(text)
    .trim()
    .split(' ')
    .filter((t) => t.length > 0);
}

const CANONICAL: Record<string, string> = {
  used: 'use',
  uses: 'use',
  using: 'use',
  usage: 'use',
  user: 'use',
  users: 'use',
  watching: 'watch',
  watched: 'watch',
  watches: 'watch',
  bought: 'buy',
  buying: 'buy',
  purchase: 'buy',
  purchased: 'buy',
  shopping: 'shop',
  shops: 'shop',
  networks: 'social',
  network: 'social',
  apps: 'app',
  listening: 'listen',
  listened: 'listen',
  played: 'play',
  playing: 'play',
  plays: 'play',
  games: 'game',
  gaming: 'game',
  owned: 'own',
  owns: 'own',
  ownership: 'own',
};

/** A light stemmer: a few canonical forms, then plural and common endings off, then the first 6 letters. */
export function stem(word: string): string {
  let w = CANONICAL[word] ?? word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  return w.slice(0, 6);
}

/** Words that carry no topic. */
export const STOPWORDS = new Set(
  (
    'a an the of in on at to for from by with and or but not no do does did done is are was were be been being am ' +
    'what which who whom whose how why when where there here this that these those it its they them their we our us you your ' +
    'i me my he she his her than then so as if about into over under up down out more most less least very much many ' +
    'percent percentage share proportion pct number top rank ranking popular biggest main leading show tell give list ' +
    'please can could would should will shall may might must also just only same other others each every any all some ' +
    'people person respondent respondents consumer consumers internet user users audience audiences market markets country countries ' +
    'compare compared comparison versus vs between difference differ different against like likely say said ' +
    'trend trends over time changed change wave waves quarter quarters year years latest recent current now today ' +
    'index indexing overindex underindex stand distinctive unique skew make makes made really actually ok okay now then ' +
    'one two three four five six seven eight nine ten twenty next last past since ever often whether among amongst'
  ).split(' '),
);

/** Whether `phrase` (normalised, no padding) occurs in `text` (normalised, padded) as whole words. */
export function hasPhrase(text: string, phrase: string): boolean {
  const p = phrase.trim();
  return p.length > 0 && text.includes(` ${p} `);
}

/** Removes every occurrence of the phrase, leaving a marker so neighbouring words do not join. */
export function consume(text: string, phrase: string): string {
  const p = phrase.trim();
  if (!p) return text;
  let out = text;
  while (out.includes(` ${p} `)) out = out.replace(` ${p} `, ' | ');
  return out;
}

const NUMBER_WORDS: Record<string, number> = { three: 3, five: 5, ten: 10, twenty: 20, one: 1, two: 2, four: 4, six: 6, seven: 7, eight: 8, nine: 9 };

export function numberWord(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}
