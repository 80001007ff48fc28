import { createHash } from 'node:crypto';
import { decodePartition, encodePartition, partitionInvariantViolations } from '@aas/respondent-store-domain';
import type { DecodedPartition, RespondentRecord } from '@aas/respondent-store-domain';
import { toRespondentRecords } from '@aas/respondent-store-domain';
import { surveyDigest } from './survey-digest';
import { generateSurvey, Survey } from './survey-generator';

/** Byte equality of typed arrays (jest's toEqual walks them element by element: too slow here). */
function sameBytes(a: ArrayBufferView | undefined, b: ArrayBufferView): boolean {
  return (
    a !== undefined &&
    a.constructor === b.constructor &&
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))
  );
}

describe('generateSurvey', () => {
  let survey: Survey;
  let partitions: DecodedPartition[];
  let records: RespondentRecord[];

  beforeAll(() => {
    survey = generateSurvey({ respondents: 6_000, seed: 7 });
    partitions = [...survey.partitions()];
    records = partitions.flatMap((p) => toRespondentRecords(p, survey.dictionaries[p.key.dataset]));
  });

  it('produces exactly N respondents with unique ids, split over datasets, markets and waves', () => {
    expect(records).toHaveLength(6_000);
    expect(new Set(records.map((r) => r.id)).size).toBe(6_000);
    const gaming = records.filter((r) => r.dataset === 'gaming').length / records.length;
    expect(gaming).toBeGreaterThan(0.1);
    expect(gaming).toBeLessThan(0.2);
    const size = (loc: string) => records.filter((r) => r.dataset === 'core' && r.location === loc).length;
    expect(size('us')).toBeGreaterThan(size('au') * 2);
    expect(new Set(partitions.filter((p) => p.key.dataset === 'core').map((p) => p.key.wave)).size).toBe(8);
  });

  it('weights each partition to its location-wave population by age x gender cells', () => {
    const pops = survey.catalogue.populations;
    for (const p of partitions) {
      const population = pops.find((x) => x.location_code === p.key.location && x.wave_code === p.key.wave)?.population as number;
      const sum = p.weightClasses.reduce((s, c) => s + c.weight * c.count, 0);
      expect(Math.abs(sum - population) / population).toBeLessThan(1e-9);
      expect(p.weightClasses).toHaveLength(10);
      for (const c of p.weightClasses) expect(c.weight).toBeGreaterThan(0);
      expect(partitionInvariantViolations(p)).toEqual([]);
    }
    // Respondents of one cell share one weight; every respondent answered the demographics.
    const gbq1 = records.filter((r) => r.dataset === 'core' && r.location === 'gb' && r.wave === 'q1_2026');
    const cellWeights = new Map<string, Set<number>>();
    for (const r of gbq1) {
      const cell = ['age_group', 'gender'].map((q) => r.answers.find((a) => a.question === q)?.datapoint).join('/');
      cellWeights.set(cell, (cellWeights.get(cell) ?? new Set()).add(r.weight));
    }
    expect(cellWeights.size).toBe(10);
    for (const w of cellWeights.values()) expect(w.size).toBe(1);
    for (const r of records)
      for (const q of ['gender', 'age_group', 'parent_status', 'income_group']) expect(r.answers.filter((a) => a.question === q)).toHaveLength(1);
  });

  const share = (rs: RespondentRecord[], test: (r: RespondentRecord) => boolean) => {
    let num = 0;
    let den = 0;
    for (const r of rs) {
      den += r.weight;
      if (test(r)) num += r.weight;
    }
    return num / den;
  };
  const answerSets = new WeakMap<RespondentRecord, Set<string>>();
  const answerSet = (r: RespondentRecord): Set<string> => {
    let set = answerSets.get(r);
    if (!set) {
      set = new Set(r.answers.map((a) => `${a.question}/${a.datapoint}/${a.suffix ?? ''}`));
      answerSets.set(r, set);
    }
    return set;
  };
  const has = (question: string, datapoint: string, suffix?: string) => (r: RespondentRecord) => answerSet(r).has(`${question}/${datapoint}/${suffix ?? ''}`);
  const core = () => records.filter((r) => r.dataset === 'core');

  it('correlates answers with demographics', () => {
    const young = core().filter(has('age_group', '16_24'));
    const old = core().filter(has('age_group', '55_64'));
    const dailyTikTok = has('social_platform_frequency', 'tiktok', '1');
    expect(share(young, dailyTikTok)).toBeGreaterThan(4 * share(old, dailyTikTok));
    const parents = core().filter(has('parent_status', 'parent'));
    const nonParents = core().filter(has('parent_status', 'not_parent'));
    expect(share(parents, has('childrens_products_bought', 'toys'))).toBeGreaterThan(3 * share(nonParents, has('childrens_products_bought', 'toys')));
    const rich = core().filter(has('income_group', 'high'));
    const poor = core().filter(has('income_group', 'low'));
    expect(share(rich, has('brand_funnel_fashion', 'gucci', '3'))).toBeGreaterThan(2 * share(poor, has('brand_funnel_fashion', 'gucci', '3')));
  });

  it('routes questions: frequency only for users, perceptions only for the aware, children ages only for parents', () => {
    for (const r of core()) {
      if (has('social_platform_frequency', 'tiktok', '1')(r) || has('social_platform_frequency', 'tiktok', '4')(r))
        expect(has('social_platform_usage', 'tiktok')(r)).toBe(true);
      if (r.answers.some((a) => a.question === 'children_ages')) expect(has('parent_status', 'parent')(r)).toBe(true);
      for (const a of r.answers) if (a.question === 'brand_perception_cars') expect(has('brand_funnel_cars', a.datapoint, '1')(r)).toBe(true);
    }
    // Brand users agree with the brand's statements far more than the merely aware.
    const aware = core().filter(has('brand_funnel_cars', 'toyota', '1'));
    const users = aware.filter(has('brand_funnel_cars', 'toyota', '3'));
    const nonUsers = aware.filter((r) => !has('brand_funnel_cars', 'toyota', '3')(r));
    expect(share(users, has('brand_perception_cars', 'toyota', '1'))).toBeGreaterThan(1.5 * share(nonUsers, has('brand_perception_cars', 'toyota', '1')));
  });

  it('records who was asked where it differs from who answered: routed, and unrouted multiple-response questions', () => {
    const electrified = (r: RespondentRecord) => has('car_ownership', 'hybrid_car')(r) || has('car_ownership', 'electric_car')(r);
    const answeredCharging = (r: RespondentRecord) => r.answers.some((a) => a.question === 'car_charging_places');
    // As the engine reads it: the partition's record, else (no record in the partition) who answered.
    const askedCharging = (r: RespondentRecord) => (r.asked ?? []).includes('car_charging_places') || answeredCharging(r);
    for (const r of records) {
      expect(askedCharging(r)).toBe(r.dataset === 'core' && electrified(r));
      // Singles are answered by everyone asked: nothing to record.
      expect((r.asked ?? []).includes('gender')).toBe(false);
    }
    const asked = core().filter(askedCharging);
    const chargeNowhere = asked.filter((r) => !answeredCharging(r)).length / asked.length;
    expect(chargeNowhere).toBeGreaterThan(0.1);
    expect(chargeNowhere).toBeLessThan(0.6);
    expect(asked.length / core().length).toBeGreaterThan(0.05);
    // Everyone was asked which devices they own; where some chose none, the record says so.
    const devices = partitions.filter((p) => p.asked?.has('devices_owned'));
    expect(devices.length).toBeGreaterThan(0);
    for (const p of devices) expect(sameBytes(p.asked?.get('devices_owned'), p.universe)).toBe(true);
    for (const p of partitions) {
      for (const [question, words] of p.asked ?? []) {
        const dictionary = survey.dictionaries[p.key.dataset];
        for (const id of dictionary.idsOfQuestion(question)) {
          const answered = p.attributes.get(id);
          if (answered) for (let i = 0; i < words.length; i++) expect((answered[i] & ~words[i]) >>> 0).toBe(0);
        }
      }
    }
  });

  it('keeps every answer of the questions it had before questions were added (those draw from their own stream)', () => {
    // The answers by name of a 5,000-respondent survey, seed 1, as generated before car_charging_places existed.
    const hash = createHash('sha256');
    for (const p of generateSurvey({ respondents: 5_000, seed: 1 }).partitions()) {
      const dictionary = survey.dictionaries[p.key.dataset];
      for (const id of [...p.attributes.keys()].sort((a, b) => a - b)) {
        const attribute = dictionary.attributes[id];
        if (attribute.question === 'car_charging_places') continue;
        const words = p.attributes.get(id) as Uint32Array;
        hash.update(JSON.stringify([p.key, attribute.question, attribute.datapoint, attribute.suffix]));
        hash.update(Buffer.from(words.buffer, words.byteOffset, words.byteLength));
      }
      hash.update(JSON.stringify(p.weightClasses));
    }
    expect(hash.digest('hex')).toBe('b60bdbbafc7408ebda0c7e67769fe5bbaacf509bb30c9ac297002a7bfd2fe886');
  });

  it('drifts across waves: TikTok and AI up, Facebook down', () => {
    const first = core().filter((r) => r.wave === 'q4_2024');
    const last = core().filter((r) => r.wave === 'q3_2026');
    expect(share(last, has('ai_assistants_used', 'chatgpt'))).toBeGreaterThan(share(first, has('ai_assistants_used', 'chatgpt')) + 0.1);
    expect(share(last, has('social_platform_usage', 'tiktok'))).toBeGreaterThan(share(first, has('social_platform_usage', 'tiktok')) + 0.05);
    expect(share(last, has('social_platform_usage', 'facebook'))).toBeLessThan(share(first, has('social_platform_usage', 'facebook')) - 0.05);
  });

  it('round-trips generated partitions through the codec exactly', () => {
    for (const p of partitions.slice(0, 8)) {
      for (const compress of [false, true]) {
        const decoded = decodePartition(encodePartition(p, { compress }));
        expect(decoded.weightClasses).toEqual(p.weightClasses);
        expect(sameBytes(decoded.weights, p.weights)).toBe(true);
        expect(sameBytes(decoded.universe, p.universe)).toBe(true);
        expect([...decoded.attributes.keys()]).toEqual([...p.attributes.keys()]);
        for (const [id, words] of p.attributes) expect(sameBytes(decoded.attributes.get(id), words)).toBe(true);
        expect([...(decoded.asked?.keys() ?? [])].sort()).toEqual([...(p.asked?.keys() ?? [])].sort());
        for (const [question, words] of p.asked ?? []) expect(sameBytes(decoded.asked?.get(question), words)).toBe(true);
        if (p === partitions[0]) {
          const dictionary = survey.dictionaries[p.key.dataset];
          expect(JSON.stringify(toRespondentRecords(decoded, dictionary))).toBe(JSON.stringify(toRespondentRecords(p, dictionary)));
        }
      }
    }
    expect(() => toRespondentRecords(partitions[0], survey.dictionaries.gaming)).toThrow(/another attribute dictionary/);
  });
});

describe('surveyDigest', () => {
  it('is the same for the same arguments and differs for another seed or size', () => {
    const a = surveyDigest(generateSurvey({ respondents: 5_000, seed: 1 }));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(surveyDigest(generateSurvey({ respondents: 5_000, seed: 1 }))).toBe(a);
    expect(surveyDigest(generateSurvey({ respondents: 5_000, seed: 2 }))).not.toBe(a);
    expect(surveyDigest(generateSurvey({ respondents: 5_001, seed: 1 }))).not.toBe(a);
  });

  it('refuses a size too small to fill every weighting cell', () => {
    expect(() => generateSurvey({ respondents: 100, seed: 1 })).toThrow(/respondents must be an integer/);
  });
});
