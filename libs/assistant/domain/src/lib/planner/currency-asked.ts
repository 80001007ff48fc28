import { escapeRegExp } from '../text';
import lexicon from './context-lexicon.json';

const MONEY = lexicon.money;

/**
 * "What's the average basket value ..., in £?", "Wie viel geben Franzosen ... aus, in Euro?", "how
 * much is that in dollars": a figure asked for in a currency is an amount of money, whatever verb
 * (or none) says what it is spent on. The currency is read where it is the unit asked in: its name
 * after a word of asking in (`money.askedIn`), or its symbol standing alone, not before or after an
 * amount ("£" in "in £?", never in "£50" or "50€", which are bounds the amount readers take). The
 * symbol of the currency and its names, or null.
 */
export function currencyAskedIn(prompt: string, words: readonly string[]): [string, string[]] | null {
  const currencies = Object.entries(MONEY.currencies);
  const named = currencies.find(([, names]) => words.some((w, i) => names.includes(w) && MONEY.askedIn.includes(words[i - 1] ?? '')));
  if (named) return named;
  // The longest symbol first, so "R$" is not read as "$".
  const bySymbol = [...currencies].sort(([a], [b]) => b.length - a.length);
  let text = prompt;
  for (const entry of bySymbol) {
    const symbol = escapeRegExp(entry[0]);
    const alone = new RegExp(`(?<![\\d.,]\\s?)${symbol}(?!\\s?\\d)`);
    if (alone.test(text)) return entry;
    text = text.replace(new RegExp(symbol, 'g'), ' ');
  }
  return null;
}
