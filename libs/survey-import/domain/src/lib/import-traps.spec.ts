import { decodePartition, type DecodedPartition } from '@aas/respondent-store-domain';
import { openFixture } from '../testing/import-fixture';
import type { SurveyValue } from './survey-file.types';
import { prepareImport } from './import-survey';
import type { QuestionMapping, SurveyMapping } from './survey-mapping.types';

/**
 * The traps of issue 29, each on the PSPP-made fixture that holds them (traps.sav, made by
 * tools/pspp/traps-data.sps.in), through a hand-written mapping: what the import checks and
 * refuses. The draft of the same file is held to the same points in draft-mapping.spec.ts.
 */

const WAVES = [
  { value: 6, code: 'q4_2024', name: 'Wave 6', start_date: '2024-10-01', end_date: '2024-12-31' },
  { value: 7, code: 'q1_2025', name: 'Wave 7', start_date: '2025-01-01', end_date: '2025-03-31' },
  { value: 8, code: 'q2_2025', name: 'Wave 8', start_date: '2025-04-01', end_date: '2025-06-30' },
  { value: 9, code: 'q3_2025', name: 'Wave 9', start_date: '2025-07-01', end_date: '2025-09-30' },
];
const MARKETS = [
  { value: 724, code: 'es', name: 'Spain' },
  { value: 276, code: 'de', name: 'Germany' },
  { value: 250, code: 'fr', name: 'France' },
  { value: 484, code: 'mx', name: 'Mexico' },
  { value: 40, code: 'at', name: 'Austria' },
];

function mapping(questions: QuestionMapping[], extra: Partial<SurveyMapping> = {}): SurveyMapping {
  return {
    dataset: { code: 'traps', name: 'Traps' },
    respondentId: 'idno',
    weight: 'pspwght',
    wave: { variable: 'wave', values: WAVES },
    location: { variable: 'cntry', values: MARKETS },
    questions,
    ignore: ['agea', 'q3', 'q2', 'q7_1', 'q7_2', 'q7_3', 'q7_4', 'q7_5', 'q7_6', 'q8_1', 'q8_2', 'q8_3', 'q9', 'q10', 'q11', 'nbtrips'].filter(
      (name) => !questions.some((q) => JSON.stringify(q).includes(`"${name}"`)),
    ),
    ...extra,
  };
}

const errors = (report: { issues: { severity: string; variable: string | null; message: string }[] }) =>
  report.issues.filter((i) => i.severity === 'error').map((i) => `[${i.variable}] ${i.message}`);

describe('the import on a file with every trap of issue 29', () => {
  it('trap 7: variable names match case-insensitively, as in SPSS; a wrong name gets a "did you mean"', async () => {
    const upper = mapping([{ kind: 'single', code: 'mode', variable: 'Q10' }], {
      respondentId: 'IDNO',
      weight: 'PSPWGHT',
      location: { variable: 'CNTRY', values: MARKETS },
    });
    const prepared = await prepareImport(await openFixture('traps.sav'), upper);
    expect(errors(prepared.report)).toEqual([]);
    expect(prepared.report.respondents).toBe(3000);
    const typo = await prepareImport(await openFixture('traps.sav'), mapping([], { location: { variable: 'cntyr', values: MARKETS } }));
    expect(errors(typo.report)).toEqual(['[cntyr] location: the file has no variable cntyr (did you mean cntry?)']);
  });

  it('trap 6: a datapoint for a user-missing code is refused, saying why; without it those answers are no answer', async () => {
    const dontKnow: QuestionMapping = {
      kind: 'single',
      code: 'satisfaction',
      variable: 'q2',
      datapoints: [
        { value: 1, code: 'tres_satisfait' },
        { value: 99, code: 'ne_sait_pas' },
      ],
    };
    const refused = await prepareImport(await openFixture('traps.sav'), mapping([dontKnow]));
    expect(errors(refused.report)).toEqual([
      '[q2] question satisfaction: datapoint ne_sait_pas is value 99, which the file declares missing for q2 (MISSING VALUES): ' +
        'a missing answer is no answer, so the datapoint would always be empty. Leave it out (those respondents still count as asked the question)',
    ]);
    const stringCode = await prepareImport(
      await openFixture('traps.sav'),
      mapping([{ kind: 'single', code: 'mode', variable: 'q10', datapoints: [{ value: 'X', code: 'refus' }] }]),
    );
    expect(errors(stringCode.report)[0]).toMatch(/datapoint refus is value "X", which the file declares missing for q10/);
  });

  it('trap 5: a category set (MCGROUP, top-3 mentions) is one question: a brand in any mention is that datapoint', async () => {
    const brands: QuestionMapping = { kind: 'category_set', code: 'brands', variables: ['q8_1', 'q8_2', 'q8_3'] };
    const prepared = await prepareImport(await openFixture('traps.sav'), mapping([brands]));
    expect(errors(prepared.report)).toEqual([]);
    const question = prepared.catalogue!.questions[0];
    expect(question).toMatchObject({ kind: 'multi', name: 'Marques citées' });
    expect(question.datapoints.map((d) => d.code)).toEqual(['renault', 'peugeot', 'citroen', 'volkswagen', 'skoda', 'toyota', 'tesla', 'dacia']);
    let mentions = 0;
    for await (const p of prepared.partitions()) {
      for (const words of decodePartition(p.blob).attributes.values()) for (const w of words) mentions += popcount(w);
    }
    // Respondents x brands mentioned (a brand twice in one respondent's mentions counts once).
    expect(mentions).toBeGreaterThan(1400);
  });

  it('trap 4: values a mapping leaves without a datapoint are named with their counts, in the warning and the report', async () => {
    // The scale as a hand mapping would take it from its labels alone: only 1 and 10.
    const prepared = await prepareImport(await openFixture('traps.sav'), mapping([{ kind: 'single', code: 'recommend', variable: 'q9' }]));
    const rows = [...(await rowsById()).values()];
    const q9 = prepared.report.variables.find((v) => v.variable === 'q9')!;
    expect(q9.leftOutRows).toBe(rows.filter((r) => r['q9'] !== 1 && r['q9'] !== 10).length);
    expect(q9.leftOutRows / rows.length).toBeGreaterThan(0.7);
    expect(q9.leftOut.map((c) => c.value).sort((a, b) => Number(a) - Number(b))).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    for (const c of q9.leftOut) expect(c.count).toBe(rows.filter((r) => r['q9'] === c.value).length);
    const warning = prepared.report.issues.find((i) => i.code === 'value-without-label' && i.variable === 'q9')!;
    expect([...(warning.values ?? [])].sort((a, b) => Number(a) - Number(b))).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(warning.count).toBe(q9.leftOutRows);
  });

  it('trap 3: a wave without dates is an error of the import, never a placeholder', async () => {
    const undated = mapping([], { wave: { variable: 'wave', values: [{ value: 6, code: 'wave_6', name: 'Wave 6' }, ...WAVES.slice(1)] } });
    const prepared = await prepareImport(await openFixture('traps.sav'), undated);
    expect(errors(prepared.report)).toEqual([
      '[wave] wave wave_6 (value 6, "Wave 6") has no dates: give its start_date and end_date (YYYY-MM-DD); the import never guesses them',
    ]);
  });

  it('trap 8: a numeric variable without bands is a request to define them; a 255-byte label is cut at a word, kept whole as the description', async () => {
    const trips: QuestionMapping = { kind: 'numeric', code: 'trips', variable: 'nbtrips', bands: [] };
    const refused = await prepareImport(await openFixture('traps.sav'), mapping([trips]));
    expect(errors(refused.report)).toEqual([
      '[nbtrips] question trips: numeric variable nbtrips has no bands: define them (code, name, min and/or max, midpoint; min <= x < max), or move nbtrips to "ignore"',
    ]);
    const banded: QuestionMapping = { ...trips, bands: [{ code: 'any', name: 'Any', min: 0, midpoint: 5 }] };
    const prepared = await prepareImport(await openFixture('traps.sav'), mapping([banded]));
    const question = prepared.catalogue!.questions[0];
    expect(Buffer.byteLength(question.description)).toBeGreaterThan(240);
    expect(question.name.length).toBeLessThanOrEqual(101);
    expect(question.name.endsWith('…')).toBe(true);
    // Cut where a word ends: the name without its ellipsis starts the description, word for word.
    const head = question.name.slice(0, -1);
    expect(question.description.startsWith(head)).toBe(true);
    expect([' ', ',']).toContain(question.description[head.length]);
  });
});

/** Every row of the fixture by respondent id, as the reader gives it: values by variable name. */
async function rowsById(): Promise<Map<number, Record<string, SurveyValue>>> {
  const file = await openFixture('traps.sav');
  const names = file.metadata.variables.map((v) => v.name);
  const out = new Map<number, Record<string, SurveyValue>>();
  for await (const row of file.rows()) out.set(row.values[0] as number, Object.fromEntries(names.map((n, i) => [n, row.values[i]])));
  return out;
}

/** Calls `visit` with each stored respondent's bit and its id in the file. */
function forEachRespondent(p: DecodedPartition, sourceIds: readonly (number | string)[], visit: (bit: number, id: number) => void): void {
  let k = 0;
  for (const c of p.weightClasses) for (let j = 0; j < c.count; j++) visit(c.startBit + j, sourceIds[k++] as number);
}

const has = (words: Uint32Array | undefined, bit: number): boolean => words !== undefined && ((words[bit >>> 5] >>> (bit & 31)) & 1) === 1;

describe('trap 9: "not asked" kept apart from "no"', () => {
  const questions: QuestionMapping[] = [
    {
      kind: 'multi',
      code: 'raisons',
      options: ['prix', 'rapidite', 'ecologie', 'confort', 'securite', 'habitude'].map((code, i) => ({ variable: `q7_${i + 1}`, code })),
    },
    { kind: 'category_set', code: 'brands', variables: ['q8_1', 'q8_2', 'q8_3'] },
    { kind: 'single', code: 'satisfaction', variable: 'q2' },
    { kind: 'single', code: 'mode', variable: 'q10' },
  ];

  it('records per question and respondent who was asked: a set when not all system-missing, a single when not system-missing, user-missing included', async () => {
    const prepared = await prepareImport(await openFixture('traps.sav'), mapping(questions));
    expect(errors(prepared.report)).toEqual([]);
    const rows = await rowsById();
    const seen = { routedAsked: 0, routedNone: 0, notAsked: 0, dontKnow: 0, refused: 0, brandsAsked: 0 };
    for await (const built of prepared.partitions()) {
      const p = decodePartition(built.blob);
      const dictionary = prepared.catalogue!.dictionary;
      const answered = (question: string, bit: number) => dictionary.attributes.some((a, id) => a.question === question && has(p.attributes.get(id), bit));
      // Asked as the engine reads it: the record, else (none for the question here) those who answered.
      const asked = (question: string, bit: number) => (p.asked?.has(question) ? has(p.asked.get(question), bit) : answered(question, bit));
      forEachRespondent(p, built.sourceIds, (bit, id) => {
        const row = rows.get(id)!;
        const routed = row['q7_1'] !== null;
        expect(asked('raisons', bit)).toBe(routed);
        if (routed && !answered('raisons', bit)) seen.routedNone++;
        if (routed) seen.routedAsked++;
        else seen.notAsked++;
        expect(asked('brands', bit)).toBe(row['q8_1'] !== null || row['q8_2'] !== null || row['q8_3'] !== null);
        if (asked('brands', bit)) seen.brandsAsked++;
        expect(asked('satisfaction', bit)).toBe(row['q2'] !== null);
        expect(answered('satisfaction', bit)).toBe(row['q2'] !== null && row['q2'] !== 99);
        if (row['q2'] === 99) seen.dontKnow++;
        expect(asked('mode', bit)).toBe(row['q10'] !== null);
        expect(answered('mode', bit)).toBe(row['q10'] !== null && row['q10'] !== 'X');
        if (row['q10'] === 'X') seen.refused++;
      });
    }
    // The fixture has every case, in numbers worth testing.
    expect(seen.routedNone).toBeGreaterThan(100);
    expect(seen.notAsked).toBeGreaterThan(1000);
    expect(seen.dontKnow).toBeGreaterThan(150);
    expect(seen.refused).toBeGreaterThan(150);
    expect(seen.brandsAsked).toBeGreaterThan(1000);
  });

  it('the report says per variable what became of it, what was left out and why, with counts', async () => {
    const trips: QuestionMapping = {
      kind: 'numeric',
      code: 'trips',
      variable: 'nbtrips',
      bands: [
        { code: 'few', name: 'Under 5', max: 5, midpoint: 2 },
        { code: 'some', name: '5 to 9', min: 5, max: 10, midpoint: 7 },
      ],
    };
    const prepared = await prepareImport(await openFixture('traps.sav'), mapping([...questions, trips], { ignore: ['agea', 'q3', 'q9', 'q11'] }));
    const rows = [...(await rowsById()).values()];
    const count = (test: (row: Record<string, SurveyValue>) => boolean) => rows.filter(test).length;
    const variable = (name: string) => prepared.report.variables.find((v) => v.variable === name)!;
    expect(variable('q2')).toMatchObject({
      use: 'question',
      question: 'satisfaction',
      answered: count((r) => r['q2'] !== null && r['q2'] !== 99),
      missingRows: count((r) => r['q2'] === 99),
      missing: [{ value: 99, label: 'Ne sait pas', count: count((r) => r['q2'] === 99) }],
      systemMissing: count((r) => r['q2'] === null),
      leftOutRows: 0,
    });
    expect(variable('q10').missing).toEqual([{ value: 'X', label: 'Refus', count: count((r) => r['q10'] === 'X') }]);
    expect(variable('q7_1')).toMatchObject({
      answered: count((r) => r['q7_1'] === 1),
      notSelected: count((r) => r['q7_1'] === 0),
      systemMissing: count((r) => r['q7_1'] === null),
    });
    const nbtrips = variable('nbtrips');
    expect(nbtrips.leftOutRows).toBe(count((r) => (r['nbtrips'] as number) >= 10));
    expect(nbtrips.leftOut[0]).toEqual({ value: 10, count: count((r) => r['nbtrips'] === 10) });
    expect(variable('q11')).toMatchObject({ use: 'ignored', withValue: count((r) => r['q11'] !== null) });
    expect(variable('idno').use).toBe('respondent-id');
    expect(prepared.report.variables.map((v) => v.variable)).toEqual(rows.length > 0 ? Object.keys(rows[0]) : []);
  });
});

function popcount(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v !== 0; v &= v - 1) n++;
  return n;
}
