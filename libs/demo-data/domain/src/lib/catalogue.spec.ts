import { buildAttributeDictionary } from '@aas/respondent-store-domain';
import { buildCatalogue } from './catalogue';
import { DATAPOINT_ALIASES } from './datapoint-aliases';
import type { AudienceExpression } from './demo.types';

describe('catalogue', () => {
  const { catalogue } = buildCatalogue();

  it('has the promised size', () => {
    expect(catalogue.datasets.map((d) => d.code)).toEqual(['core', 'gaming']);
    expect(catalogue.questions.length).toBeGreaterThanOrEqual(150);
    const datapoints = catalogue.questions.reduce((s, q) => s + q.datapoints.length, 0);
    expect(datapoints).toBeGreaterThanOrEqual(2000);
    expect(catalogue.locations.map((l) => l.code)).toEqual(['us', 'gb', 'de', 'fr', 'es', 'br', 'jp', 'in', 'au']);
    expect(catalogue.waves.map((w) => w.code)).toEqual(['q4_2024', 'q1_2025', 'q2_2025', 'q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
    expect(catalogue.insights.length).toBeGreaterThanOrEqual(200);
    for (const d of catalogue.datasets) expect(catalogue.categories.filter((c) => c.dataset_code === d.code).length).toBeGreaterThanOrEqual(20);
  });

  it('gives answers the other names people use for them, per question where the table says so', () => {
    const dp = (question: string, code: string) => catalogue.questions.find((q) => q.code === question)?.datapoints.find((d) => d.code === code);
    expect(dp('social_platform_usage', 'instagram')?.aliases).toEqual(['insta', 'ig', 'インスタグラム', 'インスタ']);
    expect(dp('smoking_status', 'vape')?.aliases).toEqual(['vaping', 'vape']);
    // Everyday English names: generic product names, American and British words, plurals.
    expect(dp('devices_owned', 'e_reader')?.aliases).toEqual(expect.arrayContaining(['kindle', 'ebook reader', 'e readers']));
    expect(dp('smart_home_devices', 'robot_vacuum')?.aliases).toEqual(expect.arrayContaining(['robot hoover', 'roomba']));
    // An alias scoped to one question names that question's answer only.
    expect(dp('financial_products', 'current_account')?.aliases).toContain('checking account');
    expect(dp('payment_methods', 'credit_card')?.aliases).not.toContain('checking account');
    expect(dp('drinks_consumed', 'soft_drinks')?.aliases).toContain('soda');
    expect(dp('brand_funnel_soft_drinks', 'coca_cola')?.aliases ?? []).not.toContain('soda');
    // Only where it names the answer: no empty lists on the rest.
    expect(dp('social_platform_usage', 'reddit')).not.toHaveProperty('aliases');
    // Every alias names an answer that exists.
    const named = new Set(catalogue.questions.flatMap((q) => q.datapoints.flatMap((d) => d.aliases ?? [])));
    expect(Object.keys(DATAPOINT_ALIASES).filter((alias) => !named.has(alias))).toEqual([]);
  });

  it('has unique, readable codes and integer-string suffix codes', () => {
    const codes = catalogue.questions.map((q) => q.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const q of catalogue.questions) {
      expect(q.code).toMatch(/^[a-z0-9_]+$/);
      const dps = q.datapoints.map((d) => d.code);
      expect(new Set(dps).size).toBe(dps.length);
      for (const d of dps) expect(d).toMatch(/^[a-z0-9_]+$/);
      q.suffixes.forEach((s, i) => expect(s.code).toBe(String(i + 1)));
      expect(q.kind.startsWith('grid')).toBe(q.suffixes.length > 0);
      expect(q.category_ids.length).toBeGreaterThan(0);
    }
  });

  it('has every kind of question, and midpoints on numeric ranges', () => {
    const kinds = new Set(catalogue.questions.map((q) => q.kind));
    expect([...kinds].sort()).toEqual(['grid_multi', 'grid_single', 'multi', 'single']);
    const income = catalogue.questions.find((q) => q.code === 'household_income_band');
    expect(income?.datapoints.every((d) => typeof d.midpoint === 'number')).toBe(true);
    expect(catalogue.questions.find((q) => q.code === 'age_group')?.datapoints.map((d) => d.code)).toEqual(['16_24', '25_34', '35_44', '45_54', '55_64']);
  });

  it('has category trees (parents in the same dataset, no cycles) and questions in existing categories', () => {
    const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
    expect(byId.size).toBe(catalogue.categories.length);
    for (const c of catalogue.categories) {
      const seen = new Set<number>();
      let cur = c;
      while (cur.parent_id !== null) {
        expect(seen.has(cur.id)).toBe(false);
        seen.add(cur.id);
        const parent = byId.get(cur.parent_id);
        expect(parent?.dataset_code).toBe(c.dataset_code);
        if (!parent) break;
        cur = parent;
      }
    }
    for (const q of catalogue.questions) for (const id of q.category_ids) expect(byId.has(id)).toBe(true);
  });

  it('has populations for every location-wave, growing over waves', () => {
    for (const l of catalogue.locations) {
      const pops = catalogue.waves.map((w) => catalogue.populations.find((p) => p.location_code === l.code && p.wave_code === w.code)?.population ?? 0);
      expect(pops[0]).toBeGreaterThan(1e7);
      expect(pops[pops.length - 1]).toBeGreaterThanOrEqual(pops[0]);
      expect(Object.values(l.age_shares).reduce((s, x) => s + x, 0)).toBeCloseTo(1, 9);
    }
  });

  it('has curated audiences that only reference existing questions, datapoints and suffixes', () => {
    const check = (e: AudienceExpression): void => {
      for (const sub of [...(e.and ?? []), ...(e.or ?? [])]) check(sub);
      if (e.question === undefined) return;
      const q = catalogue.questions.find((x) => x.code === e.question);
      expect(q).toBeDefined();
      for (const d of e.datapoints ?? []) expect(q?.datapoints.some((x) => x.code === d)).toBe(true);
      for (const s of e.suffixes ?? []) expect(q?.suffixes.some((x) => x.code === s)).toBe(true);
    };
    expect(catalogue.audiences.length).toBeGreaterThanOrEqual(10);
    for (const a of catalogue.audiences) check(a.expression);
  });

  it('has insights with ties on name, popularity and published_at', () => {
    const dup = <T>(xs: T[]) => xs.length - new Set(xs).size;
    expect(dup(catalogue.insights.map((i) => i.name))).toBeGreaterThan(0);
    expect(dup(catalogue.insights.map((i) => i.popularity))).toBeGreaterThan(0);
    expect(dup(catalogue.insights.map((i) => i.published_at))).toBeGreaterThan(0);
    expect(new Set(catalogue.insights.map((i) => i.type))).toEqual(new Set(['report', 'infographic', 'powerpoint', 'chart']));
    for (const i of catalogue.insights) expect(i.images.filter((im) => im.is_main)).toHaveLength(1);
  });

  it('gives entitlements: the demo org everything, the second org less', () => {
    const [demo, other] = catalogue.organisations;
    expect(demo.datasets).toEqual(['core', 'gaming']);
    expect(demo.waves).toHaveLength(catalogue.waves.length);
    expect(other.datasets).toEqual(['core']);
    expect(other.locations.length).toBeLessThan(catalogue.locations.length);
    expect(other.waves.length).toBeGreaterThanOrEqual(4);
    expect(other.waves.length).toBeLessThanOrEqual(6);
  });

  it('builds an attribute dictionary per dataset: grids by (datapoint, suffix), ids dense', () => {
    const core = buildAttributeDictionary(catalogue, 'core');
    expect(core.attributes.length).toBeGreaterThan(2500);
    expect(core.idOf('gender', 'female')).toBeDefined();
    expect(core.idOf('social_platform_frequency', 'tiktok', '1')).toBeDefined();
    expect(core.idOf('social_platform_frequency', 'tiktok')).toBeUndefined();
    expect(core.idOf('gaming_platforms_used', 'pc')).toBeUndefined();
    const id = core.idOf('brand_funnel_cars', 'tesla', '3') as number;
    expect(core.attributes[id]).toEqual({ question: 'brand_funnel_cars', datapoint: 'tesla', suffix: '3' });
    const gaming = buildAttributeDictionary(catalogue, 'gaming');
    expect(gaming.idOf('gaming_platforms_used', 'pc')).toBeDefined();
    expect(gaming.hash).not.toBe(core.hash);
  });
});
