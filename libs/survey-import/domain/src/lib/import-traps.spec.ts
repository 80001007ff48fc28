import { decodePartition } from '@aas/respondent-store';
import { openFixture } from '../testing/import-fixture';
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

function popcount(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v !== 0; v &= v - 1) n++;
  return n;
}
