import { createHash } from 'node:crypto';
import type { Survey } from './survey-generator';

/**
 * sha256 (hex) over the catalogue (JSON, in its construction order), the attribute dictionaries and
 * every encoded partition blob with its key, in plan order. Two runs with the same (N, seed) give
 * the same digest; it changes with any byte of the data.
 */
export function surveyDigest(survey: Survey): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(survey.catalogue));
  for (const code of Object.keys(survey.dictionaries).sort()) {
    hash.update(JSON.stringify(survey.dictionaries[code].attributes));
  }
  for (const p of survey.encodedPartitions()) {
    hash.update(`${p.key.dataset}/${p.key.wave}/${p.key.location}:${p.blob.length}:`);
    hash.update(p.blob);
  }
  return hash.digest('hex');
}
