import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { attributeDictionaryFromList, decodePartition, type AttributeDictionary, type DecodedPartition } from '@aas/respondent-store-domain';
import { readCsv } from '../lib/csv-reader';
import { prepareImport, type BuiltPartition, type ImportOptions, type PreparedImport } from '../lib/import-survey';
import { readSav } from '../lib/sav-reader';
import { parseMapping } from '../lib/survey-mapping';
import type { SurveyFile } from '../lib/survey-file.types';

/** The committed fixtures (made by tools/pspp/make-fixtures.sh). */
export const FIXTURES = join(__dirname, '..', '..', 'fixtures');

export function fixturePath(name: string): string {
  return join(FIXTURES, name);
}

export async function openFixture(name: string): Promise<SurveyFile> {
  const stream = createReadStream(fixturePath(name), { highWaterMark: 4096 });
  return name.endsWith('.csv') ? readCsv(stream) : readSav(stream);
}

/** A file made from text (for small bad files written in a test). */
export async function csvFromText(text: string): Promise<SurveyFile> {
  return readCsv(
    (async function* () {
      yield Buffer.from(text, 'utf8');
    })(),
  );
}

export interface ImportedFixture {
  prepared: PreparedImport;
  built: BuiltPartition[];
  partitions: DecodedPartition[];
  dictionary: AttributeDictionary;
}

/** Imports a fixture with its mapping and decodes what was built, as the engine would load it. */
export async function importFixture(dataFile: string, mappingFile: string, options: ImportOptions = {}): Promise<ImportedFixture> {
  const mapping = parseMapping(readFileSync(fixturePath(mappingFile), 'utf8'));
  const prepared = await prepareImport(await openFixture(dataFile), mapping, options);
  if (!prepared.report.ok) throw new Error(`import of ${dataFile} failed: ${JSON.stringify(prepared.report.issues, null, 1)}`);
  const built: BuiltPartition[] = [];
  for await (const p of prepared.partitions()) built.push(p);
  await prepared.dispose();
  const stored = prepared.catalogue!.dictionary;
  // The dictionary as the store would give it back: rebuilt from its attribute list.
  const dictionary = attributeDictionaryFromList(stored.dataset, JSON.parse(JSON.stringify(stored.attributes)));
  return { prepared, built, partitions: built.map((p) => decodePartition(p.blob)), dictionary };
}
