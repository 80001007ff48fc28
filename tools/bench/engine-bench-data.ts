/**
 * What the engine benchmarks share: the generated 1M-respondent survey (cached under .bench/) and
 * a realistic list of audiences over it.
 */
import { mkdirSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStandardExpression, type Expression, type StandardWire } from '@aas/audience-expression-domain';
import { generateSurvey } from '@aas/demo-data-domain';

export const SEED = 42;

/** The directory of the encoded partitions of a survey of `respondents` (generated on first use, ~50 s for 1M). */
export function surveyDirectory(respondents: number): string {
  const dir = join(process.cwd(), '.bench', `crosstab-engine-${respondents}-${SEED}`);
  if (!existsSync(join(dir, 'done'))) {
    mkdirSync(dir, { recursive: true });
    const started = performance.now();
    let i = 0;
    for (const { blob } of generateSurvey({ respondents, seed: SEED }).encodedPartitions())
      writeFileSync(join(dir, `${String(i++).padStart(4, '0')}.bin`), blob);
    writeFileSync(join(dir, 'done'), '');
    console.log(`generated ${i} partitions in ${((performance.now() - started) / 1000).toFixed(1)} s into ${dir}`);
  }
  return dir;
}

/** The encoded partitions' file paths, in a stable order. */
export function blobFiles(respondents: number): string[] {
  const dir = surveyDirectory(respondents);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.bin'))
    .sort()
    .map((f) => join(dir, f));
}

/** Reads (or first generates) the encoded partitions. */
export function loadBlobs(respondents: number): Buffer[] {
  return blobFiles(respondents).map((file) => readFileSync(file));
}

export const leaf = (question: string, datapoints?: string[], suffixes?: string[]): Expression => ({
  kind: 'leaf',
  question,
  ...(datapoints ? { datapoints } : {}),
  ...(suffixes ? { suffixes } : {}),
});

/**
 * Demo questions added after this list of audiences was fixed: left out, so that every version's
 * figures (and checksums) are of the same crosstabs. Columns are taken from the end of the list,
 * so one more question would change them.
 */
const ADDED_AFTER_THE_AUDIENCES = new Set(['car_charging_places']);

/** Realistic audiences: curated ones (parsed from the catalogue), single datapoints, demographic ANDs, ORs of platforms, min_count. */
export function audiences(survey: ReturnType<typeof generateSurvey>): Expression[] {
  const out: Expression[] = [];
  for (const audience of survey.catalogue.audiences) {
    const parsed = parseStandardExpression(audience.expression as StandardWire);
    if (parsed.ok) out.push(parsed.value);
  }
  const core = survey.catalogue.questions.filter((q) => q.dataset_codes.includes('core') && !ADDED_AFTER_THE_AUDIENCES.has(q.code));
  const singles: Expression[] = [];
  for (const q of core) {
    for (const dp of q.datapoints.slice(0, 3)) singles.push(q.suffixes.length > 0 ? leaf(q.code, [dp.code], [q.suffixes[0].code]) : leaf(q.code, [dp.code]));
  }
  const ages = ['16_24', '25_34', '35_44', '45_54', '55_64'];
  const multi: Expression[] = [];
  for (const age of ages) {
    for (const gender of ['female', 'male'])
      multi.push({ kind: 'and', children: [leaf('age_group', [age]), leaf('gender', [gender]), leaf('income_group', ['high'])] });
  }
  const platforms = ['tiktok', 'instagram', 'facebook', 'youtube', 'x_twitter', 'snapchat', 'linkedin', 'pinterest', 'reddit', 'twitch'];
  for (let i = 0; i < platforms.length; i++) {
    multi.push({
      kind: 'or',
      children: [leaf('social_platform_usage', [platforms[i]]), leaf('social_platform_usage', [platforms[(i + 3) % platforms.length]])],
    });
    multi.push({ kind: 'leaf', question: 'social_platform_usage', datapoints: platforms, minCount: 2 + (i % 5) });
    multi.push({
      kind: 'and',
      children: [leaf('social_platform_usage', [platforms[i]]), { kind: 'leaf', question: 'parent_status', datapoints: ['parent'], not: true }],
    });
  }
  // Interleave so every size mixes kinds.
  const result: Expression[] = [];
  const lists = [out, singles, multi];
  for (let i = 0; result.length < 600 && i < 1000; i++) for (const list of lists) if (i < list.length) result.push(list[i]);
  return result;
}

/** The median (upper median of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Bytes as whole MiB. */
export const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(0)} MB`;
