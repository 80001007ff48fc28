import words from 'an-array-of-english-words/index.json';

/**
 * The words of an English dictionary (about 275,000, lower case, no names of people, places or
 * brands). A word found here is a word the person meant, not a misspelt name of a place: "settle"
 * is not Seattle, one letter away.
 */
const ENGLISH_WORDS: ReadonlySet<string> = new Set(words as string[]);

export const isEnglishWord = (word: string): boolean => ENGLISH_WORDS.has(word);
