/** The Porter2 (English Snowball) stemmer of wink-porter2-stemmer, which ships no types. */
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}
