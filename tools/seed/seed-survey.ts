import { DataSource } from 'typeorm';
import { replaceCuratedAudiences } from '@aas/audiences-feature';
import { replaceCatalogue, replaceEntitlements } from '@aas/catalogue-data-access';
import { generateSurvey } from '@aas/demo-data-domain';
import { upsertOrganisation } from '@aas/shared-infra';
import { replaceInsights } from '@aas/insights-feature';
import { partitionFormatVersion } from '@aas/respondent-store-domain';
import { SurveyDataVersion } from '@aas/respondent-store-data-access';
import { throwIfInterrupted } from '../lib/cli';

export interface SeedOptions {
  respondents: number;
  seed: number;
  /** Deflate partition blobs (smaller, slower to load). */
  compress?: boolean;
  /** Called after each partition is written, with how many of how many. */
  progress?: (written: number, total: number) => void;
  /** Checked before each partition: once aborted, the transaction is rolled back and nothing changes. */
  signal?: AbortSignal;
}

export interface SeedReport {
  respondents: number;
  partitions: number;
  blobBytes: number;
  generateMs: number;
  writeMs: number;
  totalMs: number;
  dataVersion: string;
}

/**
 * Replaces the survey data with a freshly generated demo survey (`@aas/demo-data-domain`), in one
 * transaction through each table's owner: the catalogue and the demo organisations'
 * entitlements (catalogue), insights, curated audiences, and a new data version of the
 * respondent store. Readers see the old data or the new, never a mix; organisations' own rows
 * (their audiences, charts, other organisations' entitlements) are left alone.
 */
export async function seedSurvey(ds: DataSource, options: SeedOptions): Promise<SeedReport> {
  const started = Date.now();
  const survey = generateSurvey({ respondents: options.respondents, seed: options.seed });
  const { catalogue } = survey;
  let generateMs = 0;
  let writeMs = 0;
  let blobBytes = 0;
  let partitions = 0;
  const dataVersion = await ds.transaction(async (tx) => {
    const version = await SurveyDataVersion.begin(tx);
    const t0 = Date.now();
    await replaceInsights(tx, catalogue.insights);
    await replaceCuratedAudiences(tx, catalogue.audiences, ['core']);
    await replaceCatalogue(tx, catalogue);
    for (const org of catalogue.organisations) await upsertOrganisation(tx, org.slug, org.name);
    await replaceEntitlements(tx, catalogue.organisations);
    for (const dictionary of Object.values(survey.dictionaries)) await version.putDictionary(dictionary);
    writeMs += Date.now() - t0;
    let tGen = Date.now();
    options.progress?.(0, survey.plan.length);
    for (const part of survey.encodedPartitions({ compress: options.compress ?? false })) {
      throwIfInterrupted(options.signal);
      generateMs += Date.now() - tGen;
      const tWrite = Date.now();
      await version.putPartition({
        key: part.key,
        respondentCount: part.respondentCount,
        formatVersion: partitionFormatVersion(part.blob),
        dictionaryHash: survey.dictionaries[part.key.dataset].hash,
        blob: part.blob,
      });
      writeMs += Date.now() - tWrite;
      blobBytes += part.blob.length;
      partitions++;
      options.progress?.(partitions, survey.plan.length);
      tGen = Date.now();
    }
    await version.retireOthers();
    await version.commit({ respondents: options.respondents, seed: options.seed, source: 'demo' });
    return version.version;
  });
  return { respondents: options.respondents, partitions, blobBytes, generateMs, writeMs, totalMs: Date.now() - started, dataVersion };
}
