import type { Category, Dataset, LocationWavePopulation, Question } from '@aas/shared-contracts';
import { aliasesOf, QUESTION_ALIASES } from './datapoint-aliases';
import type { DemoLocation, DemoWave } from './demo.types';
import type { Catalogue, CuratedAudience, Insight, InsightType, OrganisationEntitlement } from './demo.types';
import { brandCategoryDefs, CATEGORY_DEFS, questionBank } from './question-bank';
import type { QuestionDef } from './question-definitions';
import { Rng } from './survey-model';

export const DATASETS: Dataset[] = [
  {
    code: 'core',
    name: 'Core survey',
    description:
      'The quarterly multi-market tracking survey of internet users aged 16-64: demographics, media, social, devices, commerce, brands, attitudes, health, travel and finance.',
    base_namespace_code: 'core',
    depth: 0,
    order: 1,
    is_syndicated: true,
  },
  {
    code: 'gaming',
    name: 'Gaming',
    description:
      'A topical survey of gaming habits, platforms, titles, esports and game streaming, asked of a smaller sample in selected markets alongside the core demographics.',
    base_namespace_code: 'gaming',
    depth: 1,
    order: 2,
    is_syndicated: false,
  },
];

/** [code, name, region, online population 16-64 at the first wave, yearly growth, age shares 16-24..55-64, female share]. */
const LOCATION_DATA: [string, string, string, number, number, number[], number][] = [
  ['us', 'United States', 'north_america', 200_400_000, 0.006, [0.19, 0.22, 0.21, 0.19, 0.19], 0.505],
  ['gb', 'United Kingdom', 'europe', 41_800_000, 0.005, [0.17, 0.22, 0.21, 0.21, 0.19], 0.503],
  ['de', 'Germany', 'europe', 50_200_000, 0.004, [0.15, 0.21, 0.2, 0.21, 0.23], 0.497],
  ['fr', 'France', 'europe', 39_700_000, 0.005, [0.18, 0.2, 0.21, 0.21, 0.2], 0.508],
  ['es', 'Spain', 'europe', 29_300_000, 0.006, [0.15, 0.18, 0.23, 0.24, 0.2], 0.502],
  ['br', 'Brazil', 'latin_america', 129_600_000, 0.018, [0.22, 0.24, 0.22, 0.18, 0.14], 0.512],
  ['jp', 'Japan', 'asia_pacific', 69_800_000, 0.002, [0.14, 0.18, 0.21, 0.25, 0.22], 0.494],
  ['in', 'India', 'asia_pacific', 450_500_000, 0.045, [0.3, 0.28, 0.2, 0.13, 0.09], 0.44],
  ['au', 'Australia', 'asia_pacific', 15_100_000, 0.009, [0.18, 0.23, 0.21, 0.19, 0.19], 0.504],
];

export const LOCATIONS: DemoLocation[] = LOCATION_DATA.map(([code, name, region, , , shares, female]) => ({
  code,
  name,
  region,
  age_shares: { '16_24': shares[0], '25_34': shares[1], '35_44': shares[2], '45_54': shares[3], '55_64': shares[4] },
  female_share: female,
}));

function quarterWave(year: number, quarter: number, order: number): DemoWave {
  const startMonth = (quarter - 1) * 3 + 1;
  const endMonth = startMonth + 2;
  const lastDay = new Date(Date.UTC(year, endMonth, 0)).getUTCDate();
  const mm = (m: number) => String(m).padStart(2, '0');
  return {
    code: `q${quarter}_${year}`,
    name: `Q${quarter} ${year}`,
    kind: 'quarter',
    start_date: `${year}-${mm(startMonth)}-01`,
    end_date: `${year}-${mm(endMonth)}-${lastDay}`,
    order,
  };
}

/** Eight quarterly waves, Q4 2024 to Q3 2026. */
export const WAVES: DemoWave[] = [
  quarterWave(2024, 4, 1),
  ...[1, 2, 3, 4].map((qq) => quarterWave(2025, qq, qq + 1)),
  ...[1, 2, 3].map((qq) => quarterWave(2026, qq, qq + 5)),
];

export const POPULATIONS: LocationWavePopulation[] = LOCATION_DATA.flatMap(([code, , , base, growth]) =>
  WAVES.map((w, i) => ({ location_code: code, wave_code: w.code, population: Math.round(base * Math.pow(1 + growth, i / 4)) })),
);

/** Which locations and waves each dataset fields: the topical survey runs in five markets over the last four waves. */
export const DATASET_COVERAGE: Record<string, { locations: string[]; waves: string[]; share: number }> = {
  core: { locations: LOCATIONS.map((l) => l.code), waves: WAVES.map((w) => w.code), share: 0.85 },
  gaming: { locations: ['us', 'gb', 'de', 'br', 'jp'], waves: WAVES.slice(-4).map((w) => w.code), share: 0.15 },
};

/** Relative sample size per market, as in real trackers (big markets get bigger samples, not proportional ones). */
export const LOCATION_SAMPLE_WEIGHT: Record<string, number> = { us: 1.8, gb: 1.1, de: 1.0, fr: 0.9, es: 0.8, br: 1.4, jp: 1.0, in: 1.7, au: 0.55 };

function buildCategories(): { categories: Category[]; idByKey: Map<string, number> } {
  const categories: Category[] = [];
  const idByKey = new Map<string, number>();
  let id = 1;
  for (const dataset of DATASETS) {
    const defs = dataset.code === 'core' ? [...CATEGORY_DEFS.core, ...brandCategoryDefs()] : CATEGORY_DEFS[dataset.code];
    const orderByParent = new Map<string, number>();
    for (const [key, name, description, parent] of defs) {
      const parentKey = parent ?? '';
      const order = (orderByParent.get(parentKey) ?? 0) + 1;
      orderByParent.set(parentKey, order);
      idByKey.set(key, id);
      categories.push({ id, dataset_code: dataset.code, name, description, order, parent_id: parent === null ? null : (idByKey.get(parent) ?? null) });
      id++;
    }
  }
  return { categories, idByKey };
}

function toQuestion(def: QuestionDef, order: number, idByKey: Map<string, number>): Question {
  const category_ids = def.categories.map((key) => {
    const id = idByKey.get(key);
    if (id === undefined) throw new Error(`question ${def.code}: unknown category ${key}`);
    return id;
  });
  return {
    code: def.code,
    namespace_code: def.namespace,
    name: def.name,
    description: def.description,
    ...(QUESTION_ALIASES[def.code] ? { aliases: [...QUESTION_ALIASES[def.code]] } : {}),
    kind: def.kind,
    unit: def.unit,
    flags: def.flags,
    order,
    knowledge_base: def.knowledge_base,
    message: def.message,
    notice: def.notice,
    warning: def.warning,
    category_ids,
    dataset_codes: def.datasets,
    attribute_count: def.datapoints.length * Math.max(1, def.suffixes.length),
    datapoints: def.datapoints.map((d, i) => {
      const aliases = aliasesOf(def.code, d.code);
      return { code: d.code, name: d.name, order: i + 1, midpoint: d.midpoint, ...(aliases.length > 0 ? { aliases } : {}) };
    }),
    suffixes: def.suffixes.map((s, i) => ({ code: String(i + 1), name: s.name, order: i + 1, midpoint: s.midpoint })),
  };
}

const leaf = (question: string, datapoints: string[], suffixes?: string[]) => (suffixes ? { question, datapoints, suffixes } : { question, datapoints });

export const CURATED_AUDIENCES: CuratedAudience[] = [
  { name: 'Gen Z', description: 'Internet users aged 16-24.', expression: leaf('age_group', ['16_24']) },
  { name: 'Millennials', description: 'Internet users aged 25-44.', expression: leaf('age_group', ['25_34', '35_44']) },
  { name: 'Gen X', description: 'Internet users aged 45-54.', expression: leaf('age_group', ['45_54']) },
  { name: 'Baby boomers', description: 'Internet users aged 55-64.', expression: leaf('age_group', ['55_64']) },
  { name: 'Women', description: 'Female internet users.', expression: leaf('gender', ['female']) },
  { name: 'Men', description: 'Male internet users.', expression: leaf('gender', ['male']) },
  { name: 'Parents', description: 'Parents of children under 18.', expression: leaf('parent_status', ['parent']) },
  { name: 'Young parents', description: 'Parents aged 25-34.', expression: { and: [leaf('parent_status', ['parent']), leaf('age_group', ['25_34'])] } },
  { name: 'High income', description: 'Top third of household income.', expression: leaf('income_group', ['high']) },
  { name: 'Low income', description: 'Bottom third of household income.', expression: leaf('income_group', ['low']) },
  { name: 'Daily TikTok users', description: 'Use TikTok every day.', expression: leaf('social_platform_frequency', ['tiktok'], ['1']) },
  { name: 'Daily Instagram users', description: 'Use Instagram every day.', expression: leaf('social_platform_frequency', ['instagram'], ['1']) },
  {
    name: 'Non-Facebook users',
    description: 'Did not use Facebook in the last month.',
    expression: { question: 'social_platform_usage', datapoints: ['facebook'], not: true },
  },
  {
    name: 'Social media power users',
    description: 'Use at least five social platforms.',
    expression: {
      question: 'social_platform_usage',
      datapoints: ['tiktok', 'instagram', 'facebook', 'youtube', 'x_twitter', 'snapchat', 'linkedin', 'pinterest', 'reddit', 'twitch'],
      min_count: 5,
    },
  },
  {
    name: 'Gamers',
    description: 'Interested in gaming or own a games console.',
    expression: { or: [leaf('interests', ['gaming']), leaf('devices_owned', ['games_console', 'handheld_games_console'])] },
  },
  {
    name: 'Generative AI users',
    description: 'Used ChatGPT, Gemini, Copilot, Claude, Perplexity or Meta AI in the last month.',
    expression: leaf('ai_assistants_used', ['chatgpt', 'google_gemini', 'microsoft_copilot', 'claude', 'perplexity', 'meta_ai']),
  },
  {
    name: 'Premium shoppers',
    description: 'Agree they pay more for premium brands.',
    expression: leaf('attitudes_shopping', ['i_am_willing_to_pay_more_for_premium_brands'], ['1', '2']),
  },
  {
    name: 'Eco-conscious consumers',
    description: 'Agree they would pay more for eco-friendly products.',
    expression: leaf('attitudes_environment', ['i_would_pay_more_for_eco_friendly_products'], ['1', '2']),
  },
  {
    name: 'Luxury fashion buyers',
    description: 'Bought Gucci, Louis Vuitton, Prada, Chanel or Burberry in the last 12 months.',
    expression: leaf('brand_funnel_fashion', ['gucci', 'louis_vuitton', 'prada', 'chanel', 'burberry'], ['3']),
  },
  { name: 'Gen Z women', description: 'Women aged 16-24.', expression: { and: [leaf('age_group', ['16_24']), leaf('gender', ['female'])] } },
  {
    name: 'Affluent millennials',
    description: 'High-income 25-44s.',
    expression: { and: [leaf('age_group', ['25_34', '35_44']), leaf('income_group', ['high'])] },
  },
  {
    name: 'Tech early adopters',
    description: 'Innovators and early adopters of technology.',
    expression: leaf('tech_adoption', ['innovator', 'early_adopter']),
  },
  { name: 'Electric car drivers', description: 'Household owns an electric car.', expression: leaf('car_ownership', ['electric_car']) },
  {
    name: 'Non-parents under 35',
    description: 'Under 35 and not a parent.',
    expression: { and: [leaf('age_group', ['16_24', '25_34']), { question: 'parent_status', datapoints: ['parent'], not: true }] },
  },
].map((a, i) => ({ id: i + 1, ...a }));

const INSIGHT_TYPES: InsightType[] = ['report', 'infographic', 'powerpoint', 'chart'];

function buildInsights(questions: Question[], categories: Category[]): Insight[] {
  const rng = new Rng(20240917);
  const core = questions.filter((qq) => qq.namespace_code === 'core' || qq.namespace_code === 'gaming');
  const templates = [
    (qn: string, a: string) => `${a} and ${lower(qn)}: what has changed`,
    (qn: string, a: string) => `${qn} among ${a}`,
    (qn: string, a: string) => `How ${a} compare on ${lower(qn)}`,
    (qn: string) => `${qn}: the global picture`,
    (qn: string, a: string) => `Trends in ${lower(qn)} for ${a}`,
    (qn: string) => `${qn} by market and generation`,
  ];
  const audiences = CURATED_AUDIENCES.map((a) => a.name);
  const insights: Insight[] = [];
  const baseTime = Date.UTC(2024, 9, 1);
  const count = 240;
  for (let i = 0; i < count; i++) {
    const question = core[(i * 7) % core.length];
    const audience = audiences[(i * 5) % audiences.length];
    const type = INSIGHT_TYPES[i % INSIGHT_TYPES.length];
    let name = templates[i % templates.length](question.name, audience);
    const created = baseTime + Math.floor(rng.next() * 700) * 86_400_000 + Math.floor(rng.next() * 86_400) * 1000;
    let published = created + Math.floor(rng.next() * 14) * 86_400_000;
    let popularity = Math.round(rng.next() * 10_000) / 10;
    const previous = insights[i - 1];
    // Ties on purpose, so paging tests can check the tie-break on id.
    if (previous && i % 7 === 0) popularity = previous.popularity;
    if (previous && i % 11 === 0) published = Date.parse(previous.published_at);
    if (i >= 20 && i % 13 === 0) name = insights[i - 20].name;
    const updated = published + Math.floor(rng.next() * 60) * 86_400_000;
    const id = i + 1;
    const categoryIds = [...new Set(question.category_ids)].filter((c) => categories.some((cat) => cat.id === c));
    const imageCount = type === 'powerpoint' || type === 'report' ? 3 : 1;
    insights.push({
      id,
      name,
      description: `${type === 'chart' ? 'A chart' : type === 'infographic' ? 'An infographic' : type === 'report' ? 'A report' : 'A presentation'} on ${lower(question.name)} (${lower(question.description.split(':')[0])}) among ${audience}, across markets and waves.`,
      type,
      category_ids: categoryIds,
      is_trending: i % 5 === 0 || i % 17 === 3,
      popularity,
      published_at: new Date(published).toISOString(),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
      images: Array.from({ length: imageCount }, (_, k) => {
        const imageId = id * 10 + k;
        const base = `/insights/${id}/images/${imageId}`;
        return {
          id: imageId,
          is_main: k === 0,
          page_preview_thumb_path: `${base}/page-preview-thumb.png`,
          page_thumb_path: `${base}/page-thumb.png`,
          thumb_path: `${base}/thumb.png`,
        };
      }),
    });
  }
  return insights;
}

function lower(s: string): string {
  return s.length > 1 && s[1] === s[1].toUpperCase() ? s : s.charAt(0).toLowerCase() + s.slice(1);
}

export const ORGANISATIONS: OrganisationEntitlement[] = [
  { slug: 'demo', name: 'Demo Organisation', datasets: DATASETS.map((d) => d.code), locations: LOCATIONS.map((l) => l.code), waves: WAVES.map((w) => w.code) },
  { slug: 'acme-retail', name: 'Acme Retail', datasets: ['core'], locations: ['us', 'gb', 'de', 'fr'], waves: WAVES.slice(-5).map((w) => w.code) },
];

let cached: { catalogue: Catalogue; defs: QuestionDef[] } | null = null;

/**
 * The catalogue is a fixed function of the code (not of the generation seed): the seed only drives
 * respondents, so audiences, insights and entitlements are stable across seeds.
 */
export function buildCatalogue(): { catalogue: Catalogue; defs: QuestionDef[] } {
  if (cached) return cached;
  const { categories, idByKey } = buildCategories();
  const defs = questionBank();
  const questions = defs.map((d, i) => toQuestion(d, i + 1, idByKey));
  const catalogue: Catalogue = {
    datasets: DATASETS,
    categories,
    questions,
    locations: LOCATIONS,
    waves: WAVES,
    populations: POPULATIONS,
    audiences: CURATED_AUDIENCES,
    insights: buildInsights(questions, categories),
    organisations: ORGANISATIONS,
  };
  cached = { catalogue, defs };
  return cached;
}
