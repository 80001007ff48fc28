import { csvFromText } from '../testing/import-fixture';
import { draftMapping } from './draft-mapping';
import { answerLabelAliases, questionLabelAliases } from './mapping-labels';
import { compileMapping, MappingError, parseMapping } from './survey-mapping';
import type { SurveyFileMetadata, SurveyVariable } from './survey-file.types';
import type { SurveyMapping } from './survey-mapping.types';

/**
 * A survey's own words (other names of its questions and answers) are catalogue data that the
 * import's mapping carries (issue 28): checked like the rest of the mapping, kept on the catalogue
 * rows, and proposed by the draft only where the file's labels give them plainly.
 */
const HEADER = 'resp_id,wave,market,weight,platform,nps,use_fb,use_ig,trust_1,trust_2,hours';

const mapping = (questions: unknown[]): unknown => ({
  dataset: { code: 'social', name: 'Social survey' },
  respondentId: 'resp_id',
  weight: 'weight',
  wave: { variable: 'wave', rule: 'quarter' },
  location: { variable: 'market', rule: 'code' },
  questions,
  ignore: ['nps', 'use_fb', 'use_ig', 'trust_1', 'trust_2', 'hours'],
});

const PLATFORM = {
  kind: 'single',
  code: 'main_platform',
  name: 'Main social platform',
  aliases: ['main network'],
  variable: 'platform',
  datapoints: [
    { value: 1, code: 'facebook', name: 'Facebook (Meta)', aliases: ['Meta', 'FB'] },
    { value: 2, code: 'instagram', name: 'Instagram', aliases: ['insta'] },
  ],
};

async function compile(questions: unknown[], ignore?: string[]) {
  const file = await csvFromText(`${HEADER}\n1,Q1 2025,us,1,1,9,1,0,3,4,2.5`);
  const m = parseMapping(JSON.stringify(mapping(questions)));
  if (ignore) m.ignore = ignore;
  return compileMapping(m, file.metadata);
}

function problemsOf(text: unknown): { path: string; message: string }[] {
  try {
    parseMapping(JSON.stringify(text));
  } catch (e) {
    if (e instanceof MappingError) return e.problems;
    throw e;
  }
  return [];
}

describe('aliases in the mapping file', () => {
  it('a question and each kind of answer may carry aliases: they reach the catalogue rows', async () => {
    const { compiled, issues } = await compile(
      [
        PLATFORM,
        {
          kind: 'multi',
          code: 'uses',
          aliases: ['NPS'],
          options: [
            { variable: 'use_fb', code: 'fb', name: 'Facebook', aliases: ['Meta'] },
            { variable: 'use_ig', code: 'ig', name: 'Instagram' },
          ],
        },
        {
          kind: 'grid',
          code: 'trust',
          rows: [
            { variable: 'trust_1', code: 'news', name: 'News', aliases: ['journalism'] },
            { variable: 'trust_2', code: 'ads', name: 'Ads' },
          ],
          scale: [
            { value: 3, name: 'Some' },
            { value: 4, name: 'A lot' },
          ],
        },
        {
          kind: 'numeric',
          code: 'hours',
          variable: 'hours',
          bands: [
            { code: 'light', name: 'Under 3', max: 3, midpoint: 1.5, aliases: ['light users'] },
            { code: 'heavy', name: '3 or more', min: 3, midpoint: 4 },
          ],
        },
      ],
      ['nps'],
    );
    expect(issues).toEqual([]);
    const q = (code: string) => compiled?.questions.find((x) => x.code === code);
    expect(q('main_platform')?.aliases).toEqual(['main network']);
    expect(q('main_platform')?.datapoints.map((d) => [d.code, d.aliases])).toEqual([
      ['facebook', ['Meta', 'FB']],
      ['instagram', ['insta']],
    ]);
    expect(q('uses')?.aliases).toEqual(['NPS']);
    expect(q('uses')?.datapoints[0].aliases).toEqual(['Meta']);
    expect(q('trust')?.datapoints[0].aliases).toEqual(['journalism']);
    expect(q('hours')?.datapoints[0].aliases).toEqual(['light users']);
    // None given: none kept (the catalogue row has no empty list).
    expect(q('hours')?.datapoints[1]).not.toHaveProperty('aliases');
    expect(q('trust')).not.toHaveProperty('aliases');
  });

  it('the schema names the field of a malformed alias: not a list, empty, without a letter or digit, repeated', () => {
    const bad = (patch: Record<string, unknown>, dp: Record<string, unknown> = {}) =>
      problemsOf(mapping([{ ...PLATFORM, ...patch, datapoints: [{ ...PLATFORM.datapoints[0], ...dp }, PLATFORM.datapoints[1]] }]));
    expect(bad({ aliases: 'main network' })).toEqual([{ path: '/questions/0/aliases', message: 'must be array' }]);
    expect(bad({}, { aliases: [''] })).toEqual(
      expect.arrayContaining([{ path: '/questions/0/datapoints/0/aliases/0', message: 'must NOT have fewer than 1 characters' }]),
    );
    expect(bad({}, { aliases: ['--'] })).toEqual([
      { path: '/questions/0/datapoints/0/aliases/0', message: 'must hold a letter or a digit (an alias is words people use)' },
    ]);
    expect(bad({}, { aliases: ['Meta', 'Meta'] })).toEqual([
      { path: '/questions/0/datapoints/0/aliases', message: 'must NOT have duplicate items (items ## 1 and 0 are identical)' },
    ]);
    expect(bad({}, { alias: ['Meta'] })).toEqual([{ path: '/questions/0/datapoints/0', message: 'must NOT have additional properties' }]);
    // Other languages' letters are words too.
    expect(bad({}, { aliases: ['フェイスブック', 'Méta'] })).toEqual([]);
  });

  it("an answer's alias must name it alone: not another answer's name or alias; a question's alias not another question's", async () => {
    const clash = (aliases: string[]) => ({ ...PLATFORM, datapoints: [PLATFORM.datapoints[0], { ...PLATFORM.datapoints[1], aliases }] });
    expect((await compile([clash(['facebook  (meta)'])])).issues.map((i) => i.message)).toEqual([
      'question main_platform: alias "facebook (meta)" of datapoint instagram is the name of datapoint facebook: give it to one answer only',
    ]);
    expect((await compile([clash(['fb'])])).issues.map((i) => i.message)).toEqual([
      'question main_platform: alias "fb" of datapoint instagram is also an alias of datapoint facebook: give it to one answer only',
    ]);
    const other = { kind: 'single', code: 'second', aliases: ['Main-network'], variable: 'nps', datapoints: [{ value: 9, code: 'nine', name: '9' }] };
    expect((await compile([PLATFORM, other], ['use_fb', 'use_ig', 'trust_1', 'trust_2', 'hours'])).issues.map((i) => i.message)).toEqual([
      'question second: alias "Main-network" is also an alias of question main_platform',
    ]);
  });
});

describe('aliases a draft proposes from labels', () => {
  it('a question: only an acronym in closing brackets made from the words before them', () => {
    expect(questionLabelAliases('Net Promoter Score (NPS)')).toEqual(['NPS']);
    expect(questionLabelAliases('Customer satisfaction (CSAT)')).toEqual(['CSAT']);
    expect(questionLabelAliases('Which of these do you use? (Select all that apply)')).toEqual([]);
    // A unit is not the question's name.
    expect(questionLabelAliases('Household income (USD)')).toEqual([]);
    expect(questionLabelAliases('Age (years)')).toEqual([]);
    expect(questionLabelAliases('Q12 (A)')).toEqual([]);
  });

  it('answers: the name in brackets and the name before them, when both name the answer', () => {
    expect(answerLabelAliases(['Facebook (Meta)', 'Instagram', "Don't know (DK)"])).toEqual([['Meta', 'Facebook'], [], ['DK', "Don't know"]]);
    expect(answerLabelAliases(['X (Twitter)', 'Threads'])).toEqual([['Twitter', 'X'], []]);
  });

  it('answers: nothing from qualifiers, numbers, or brackets that tell siblings apart', () => {
    expect(answerLabelAliases(['Other (please specify)', 'Other (Please Specify)', 'None (none of these)'])).toEqual([[], [], []]);
    expect(answerLabelAliases(['18-24 (Gen Z)', 'Under 20 (2 hours)', 'Strongly agree (5)'])).toEqual([['Gen Z'], [], []]);
    expect(answerLabelAliases(['Agree (Strongly)', 'Agree (Somewhat)', 'Disagree'])).toEqual([[], [], []]);
    expect(answerLabelAliases(['Yes (daily user)', 'No'])).toEqual([[], []]);
    // An alias that is another answer's name, or that two answers would share, is left out.
    expect(answerLabelAliases(['Meta (Facebook)', 'Facebook'])).toEqual([['Meta'], []]);
    expect(answerLabelAliases(['Coca-Cola (TCCC)', 'Sprite (TCCC)'])).toEqual([['Coca-Cola'], ['Sprite']]);
  });

  it('the draft writes them into the mapping, says so in its notes, and the mapping imports as drafted', async () => {
    const file = await csvFromText(`${HEADER}\n1,Q1 2025,us,1,1,9,1,0,3,4,2.5`);
    const variable = (name: string, label: string, valueLabels: { value: number; label: string }[]): SurveyVariable => ({
      ...(file.metadata.variables.find((v) => v.name === name) as SurveyVariable),
      type: 'numeric',
      label,
      valueLabels,
    });
    const metadata: SurveyFileMetadata = {
      ...file.metadata,
      format: 'sav',
      variables: file.metadata.variables.map((v) =>
        v.name === 'platform'
          ? variable('platform', 'Main social platform', [
              { value: 1, label: 'Facebook (Meta)' },
              { value: 2, label: 'Instagram' },
              { value: 3, label: 'Other (please specify)' },
            ])
          : v.name === 'nps'
            ? variable('nps', 'Net Promoter Score (NPS)', [
                { value: 0, label: 'Not at all likely' },
                { value: 9, label: 'Very likely' },
                { value: 10, label: 'Extremely likely' },
              ])
            : v.name === 'weight' || v.name === 'hours'
              ? { ...v, type: 'numeric' as const }
              : v,
      ),
    };
    const { mapping: drafted, notes } = draftMapping(metadata, { datasetCode: 'social' });
    const platform = drafted.questions.find((q) => q.code === 'platform');
    expect(platform?.kind === 'single' && platform.datapoints?.map((d) => [d.code, d.aliases])).toEqual([
      ['facebook_meta', ['Meta', 'Facebook']],
      ['instagram', undefined],
      ['other_please_specify', undefined],
    ]);
    expect(drafted.questions.find((q) => q.code === 'nps')?.aliases).toEqual(['NPS']);
    expect(notes).toContain(
      'aliases proposed from labels (other names the assistant reads as the question or answer): platform.facebook_meta: Meta, Facebook; nps: NPS: check them',
    );
    expect(parseMapping(JSON.stringify(drafted))).toEqual(drafted);
    // (The unlabelled numbers of this small file still want bands: nothing about aliases.)
    expect(compileMapping(drafted as SurveyMapping, metadata).issues.filter((i) => /alias/.test(i.message))).toEqual([]);
  });
});
