import { openFixture } from '../testing/import-fixture';
import { allIsoNumeric, countryOf } from './country-codes';
import { draftMapping, draftMappingFromFile } from './draft-mapping';
import { prepareImport } from './import-survey';
import { numericBands } from './numeric-bands';
import { validateMapping } from './survey-mapping';
import { quarterCode, readWaveDates } from './wave-dates';

/**
 * The draft of a researcher's own file, usable as drafted (issue 29): the PSPP-made traps fixture,
 * drafted from its dictionary and values, then imported without a single edit.
 */
describe('draftMappingFromFile on the traps fixture', () => {
  it('drafts a mapping that imports as it is, with no error', async () => {
    const { mapping } = await draftMappingFromFile(await openFixture('traps.sav'), { datasetCode: 'traps' });
    expect(validateMapping(mapping)).toBe(mapping);
    const prepared = await prepareImport(await openFixture('traps.sav'), mapping);
    expect(prepared.report.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(prepared.report.respondents).toBe(3000);
    // Nothing left out for want of a datapoint: every value has one, a band or is declared missing.
    expect(prepared.report.variables.filter((v) => v.leftOutRows > 0)).toEqual([]);
  });

  it("trap 1: finds the location under the European Social Survey's name (cntry), and the id and weight under theirs", async () => {
    const { mapping } = await draftMappingFromFile(await openFixture('traps.sav'));
    expect([mapping.respondentId, mapping.weight, mapping.wave.variable, mapping.location.variable]).toEqual(['idno', 'pspwght', 'wave', 'cntry']);
  });

  it('trap 1: without such a name it says which names it looked for, and takes the one an option names', async () => {
    const { metadata } = await openFixture('traps.sav');
    const renamed = { ...metadata, variables: metadata.variables.map((v) => (v.name === 'cntry' ? { ...v, name: 'pays_enquete' } : v)) };
    expect(() => draftMapping(renamed)).toThrow(
      'the file has no variable that could be the location: looked for country, cntry, market, location, region, geo, nation, land, pays, pais, country_*, market_* (any case); name it with --location <variable>',
    );
    expect(draftMapping(renamed, { location: 'PAYS_ENQUETE' }).mapping.location.variable).toBe('pays_enquete');
    expect(() => draftMapping(renamed, { location: 'pays' })).toThrow('the file has no variable pays (given as the location)');
  });

  it('trap 2: ISO 3166 numeric codes and names in their own languages become the catalogue market codes', async () => {
    const { mapping, notes } = await draftMappingFromFile(await openFixture('traps.sav'));
    expect(mapping.location.values?.map((l) => [l.value, l.code, l.name])).toEqual([
      [40, 'at', 'Austria'],
      [250, 'fr', 'France'],
      [276, 'de', 'Germany'],
      [484, 'mx', 'Mexico'],
      [724, 'es', 'Spain'],
    ]);
    expect(notes.filter((n) => n.startsWith('location'))).toEqual([]);
  });

  it('trap 3: wave dates come from month ranges in the labels; a quarter is coded as the catalogue codes quarters', async () => {
    const { mapping } = await draftMappingFromFile(await openFixture('traps.sav'));
    expect(mapping.wave.values?.map((w) => [w.value, w.code, w.start_date, w.end_date])).toEqual([
      [6, 'q4_2024', '2024-10-01', '2024-12-31'],
      [7, 'q1_2025', '2025-01-01', '2025-03-31'],
      [8, 'q2_2025', '2025-04-01', '2025-06-30'],
      [9, 'q3_2025', '2025-07-01', '2025-09-30'],
    ]);
    // A label without dates gives a wave without dates: the import refuses it rather than guess.
    const { metadata } = await openFixture('traps.sav');
    const undated = {
      ...metadata,
      variables: metadata.variables.map((v) =>
        v.name === 'wave' ? { ...v, valueLabels: v.valueLabels.map((l) => ({ ...l, label: `Vague ${l.value}` })) } : v,
      ),
    };
    const draft = draftMapping(undated);
    expect(draft.mapping.wave.values?.[0]).toEqual({ value: 6, code: 'vague_6', name: 'Vague 6' });
    expect(draft.notes).toContain('wave "Vague 6": its label gives no dates; give its start_date and end_date (the import refuses a wave without)');
  });

  it('trap 4: a 1-10 scale labelled only at its ends gets all ten points, with midpoints', async () => {
    const { mapping } = await draftMappingFromFile(await openFixture('traps.sav'));
    const q9 = mapping.questions.find((q) => q.code === 'q9');
    expect(q9?.kind === 'single' && q9.datapoints?.map((d) => [d.value, d.code, d.name, d.midpoint])).toEqual([
      [1, '1', '1 (Pas du tout probable)', 1],
      [2, '2', '2', 2],
      [3, '3', '3', 3],
      [4, '4', '4', 4],
      [5, '5', '5', 5],
      [6, '6', '6', 6],
      [7, '7', '7', 7],
      [8, '8', '8', 8],
      [9, '9', '9', 9],
      [10, '10', '10 (Très probable)', 10],
    ]);
  });

  it('trap 5: the category set (MCGROUP) is one question of the new kind; the yes/no set (MDGROUP) one multi', async () => {
    const { mapping } = await draftMappingFromFile(await openFixture('traps.sav'));
    expect(mapping.questions.slice(0, 2).map((q) => [q.kind, q.code, q.name])).toEqual([
      ['multi', 'raisons', "Raisons d'utiliser les transports en commun"],
      ['category_set', 'marques', 'Marques de voiture citées (top 3)'],
    ]);
    const brands = mapping.questions[1];
    expect(brands.kind === 'category_set' && [brands.variables, brands.datapoints?.map((d) => d.code)]).toEqual([
      ['q8_1', 'q8_2', 'q8_3'],
      ['renault', 'peugeot', 'citroen', 'volkswagen', 'skoda', 'toyota', 'tesla', 'dacia'],
    ]);
  });

  it('trap 6: user-missing codes are declared missing, never datapoints (numeric and string)', async () => {
    const { mapping } = await draftMappingFromFile(await openFixture('traps.sav'));
    const q2 = mapping.questions.find((q) => q.code === 'q2');
    expect(q2?.kind === 'single' && [q2.datapoints?.map((d) => d.value), q2.missing]).toEqual([[1, 2, 3, 4], [99]]);
    const q10 = mapping.questions.find((q) => q.code === 'q10');
    expect(q10?.kind === 'single' && [q10.datapoints?.map((d) => d.value), q10.missing]).toEqual([['B', 'M', 'T'], ['X']]);
  });

  it('trap 8: numbers get bands from their values; a 255-byte label is cut at a word, kept whole as the description', async () => {
    const { mapping, notes } = await draftMappingFromFile(await openFixture('traps.sav'));
    const trips = mapping.questions.find((q) => q.code === 'nbtrips');
    expect(trips?.kind === 'numeric' && trips.bands.length).toBeGreaterThanOrEqual(3);
    expect(trips?.kind === 'numeric' && trips.bands.every((b) => Number.isFinite(b.midpoint) && b.midpoint > 0)).toBe(true);
    const name = trips?.name ?? '';
    expect(name.endsWith('…')).toBe(true);
    expect(trips?.description?.startsWith(name.slice(0, -1))).toBe(true);
    expect(notes.some((n) => n.startsWith('nbtrips: numeric without value labels:'))).toBe(true);
    const age = mapping.questions.find((q) => q.code === 'agea');
    // Ages 16-79: quintile cuts on a round step of 5.
    expect(age?.kind === 'numeric' && age.bands.map((b) => b.name)).toEqual(['Under 25', '25 to 39', '40 to 54', '55 to 64', '65 or more']);
    expect(mapping.ignore).toEqual(['q11']);
  });
});

describe('the draft without the values (dictionary only)', () => {
  it('asks for the bands of numbers instead of inventing one', async () => {
    const { metadata } = await openFixture('traps.sav');
    const { mapping, notes } = draftMapping(metadata);
    const trips = mapping.questions.find((q) => q.code === 'nbtrips');
    expect(trips?.kind === 'numeric' && trips.bands).toEqual([]);
    expect(notes).toContain('nbtrips: numeric without value labels: define its bands (the import refuses it without), or move it to "ignore"');
  });
});

describe('readWaveDates', () => {
  it.each([
    ['Wave 9 (Jul–Sep 2025)', '2025-07-01', '2025-09-30', 'q3_2025'],
    ['Q1 2025', '2025-01-01', '2025-03-31', 'q1_2025'],
    ['2025-Q4', '2025-10-01', '2025-12-31', 'q4_2025'],
    ['Nov 2024 - Jan 2025', '2024-11-01', '2025-01-31', null],
    ['Vague 4 (déc.–févr. 2025)', '2024-12-01', '2025-02-28', null],
    ['Welle 3 (März–Mai 2025)', '2025-03-01', '2025-05-31', null],
    ['juillet 2025 – septembre 2025', '2025-07-01', '2025-09-30', 'q3_2025'],
    ['01/07/2025 - 30/09/2025', '2025-07-01', '2025-09-30', 'q3_2025'],
    ['2025-07-01 to 2025-09-30', '2025-07-01', '2025-09-30', 'q3_2025'],
    ['July 2025', '2025-07-01', '2025-07-31', null],
    ['2025-07', '2025-07-01', '2025-07-31', null],
    ['Fieldwork 2023', '2023-01-01', '2023-12-31', null],
  ])('%s', (label, start, end, code) => {
    const dates = readWaveDates(label);
    expect(dates).toEqual({ start_date: start, end_date: end });
    expect(quarterCode(dates!)).toBe(code);
  });

  it('gives nothing for a label without dates', () => {
    expect(readWaveDates('Wave 6')).toBeNull();
    expect(readWaveDates('Spring wave')).toBeNull();
  });
});

describe('countryOf', () => {
  it('reads ISO numeric and alpha codes and names in their own languages; numbers only when every value is an ISO code', () => {
    const iso = allIsoNumeric([724, 276, 40]);
    expect(iso).toBe(true);
    expect(countryOf(40, 'Österreich', iso)).toMatchObject({ code: 'at', name: 'Austria', by: 'label and code' });
    expect(countryOf('ESP', undefined, false)).toMatchObject({ code: 'es', by: 'code' });
    expect(countryOf('UK', undefined, false)).toMatchObject({ code: 'gb', name: 'United Kingdom' });
    expect(countryOf(3, 'Royaume-Uni', allIsoNumeric([1, 2, 3]))).toMatchObject({ code: 'gb', by: 'label' });
    expect(countryOf(4, 'Somewhere', false)).toBeUndefined();
    expect(countryOf(840, 'Estados Unidos', true)).toMatchObject({ code: 'us', name: 'United States' });
    expect(countryOf(724, 'France', true)).toMatchObject({ code: 'fr', disagrees: true });
  });
});

describe('numericBands', () => {
  it('one band per value for a small count, round quintile bands with mean midpoints otherwise, none for a constant', () => {
    expect(
      numericBands(
        new Map([
          [0, 5],
          [1, 3],
          [2, 1],
        ]),
      ).map((b) => [b.code, b.min, b.max, b.midpoint]),
    ).toEqual([
      ['0', 0, 1, 0],
      ['1', 1, 2, 1],
      ['2', 2, 3, 2],
    ]);
    const uniform = new Map(Array.from({ length: 100 }, (_, i) => [i, 1] as [number, number]));
    expect(numericBands(uniform).map((b) => [b.name, b.midpoint])).toEqual([
      ['Under 20', 9.5],
      ['20 to 39', 29.5],
      ['40 to 59', 49.5],
      ['60 to 79', 69.5],
      ['80 or more', 89.5],
    ]);
    expect(numericBands(new Map([[7, 10]]))).toEqual([]);
  });
});
