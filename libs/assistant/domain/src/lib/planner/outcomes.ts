import { CodeName, PlanAudience, PlannerLocation, PlanOutcome, RefusalReason } from '../assistant.types';
import { CatalogueIndex } from '../catalogue-index';
import { Reading } from './types';

export function refuse(reason: RefusalReason, message: string, unknown: string[] = []): PlanOutcome {
  return { outcome: 'refuse', reason, message, unknown };
}

export function clarify(message: string, options: string[]): PlanOutcome {
  return { outcome: 'clarify', message, options };
}

export const codeName = (x: CodeName): CodeName => ({ code: x.code, name: x.name });

export function wavesText(waves: CodeName[]): string {
  return waves.length === 1 ? waves[0].name : `${waves[0].name} to ${waves[waves.length - 1].name}`;
}

export function titleCase(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function notInData(unknown: string[]): PlanOutcome {
  const gibberish = unknown.filter((w) => !/[aeiouy]/.test(w) || /[bcdfghjklmnpqrstvwxz]{5,}/.test(w));
  if (gibberish.length > 0)
    return clarify(
      `I do not know what ${gibberish.map((w) => `“${w}”`).join(', ')} is. Could you say it another way, for example the name of a platform, a brand or a kind of product?`,
      [],
    );
  return refuse(
    'not-understood',
    `I could not find ${unknown.map((w) => `“${w}”`).join(', ')} in the survey catalogue, so I have no numbers to give. Try naming a topic such as social platforms, streaming services or brands.`,
    unknown,
  );
}

/** No topic: a typo close to two names asks which; unknown words are not in the data. */
export function noTopic(reading: Reading, index: CatalogueIndex, unknown: string[]): PlanOutcome {
  for (const w of unknown) {
    if (w.length < 4) continue;
    const close = new Set<string>();
    for (const entry of index.entries) {
      if (entry.kind !== 'datapoint' || entry.words.length !== 1) continue;
      const k = entry.words[0];
      if (Math.abs(k.length - w.length) <= 1 && k[0] === w[0] && editWithin1(w, k)) close.add(k);
    }
    if (close.size >= 2) return clarify(`Did you mean ${[...close].map((c) => `“${titleCase(c)}”`).join(' or ')}?`, [...close]);
  }
  if (unknown.length > 0) return notInData(unknown);
  void reading;
  return refuse(
    'not-understood',
    'I could not find a topic of the survey catalogue in that prompt, so I have no numbers to give. Try naming a topic such as social platforms, streaming services or brands.',
  );
}

export function editWithin1(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}

export function describeGiven(audiences: PlanAudience[], markets: PlannerLocation[], reading: Reading): string {
  const parts: string[] = [];
  if (audiences.length > 0) parts.push(audiences.map((a) => a.name).join(' and '));
  if (markets.length > 0) parts.push(`${audiences.length > 0 ? '' : 'people '}in ${markets.map((m) => m.name).join(' and ')}`);
  if (reading.time.waves.length > 0) parts.push(`in ${wavesText(reading.time.waves)}`);
  return parts.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Datasets
