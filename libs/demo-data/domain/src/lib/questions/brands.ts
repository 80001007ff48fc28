import { BRAND_STATEMENTS, dps, FUNNEL, fx, q, type QuestionDef } from '../question-definitions';
import { BRAND_SECTORS } from './brand-sectors';

/* The brand questions of every sector: funnel, perceptions and favourite brand. */

export function brandQuestions(): QuestionDef[] {
  const out: QuestionDef[] = [];
  for (const s of BRAND_SECTORS) {
    const brands = s.brands.map((b, i) => {
      const [name, premium] = typeof b === 'string' ? [b, false] : b;
      const popularity = 0.75 * Math.pow(0.88, i) + 0.06;
      const f = s.fx;
      return {
        name,
        premium,
        p: premium ? popularity * 0.8 : popularity,
        fx: premium ? fx(f[0], f[1], f[2], f[3] + 1.6, f[4] + 0.3, f[5]) : fx(f[0], f[1], f[2], f[3] - 0.2, f[4], f[5]),
      };
    });
    const cat = `brands.${s.code}`;
    out.push(
      q({
        code: `brand_funnel_${s.code}`,
        name: `${capital(s.name)} brands: awareness, consideration and usage`,
        description: `Brand funnel for ${s.name} brands: which brands people have heard of (awareness), would consider buying (consideration) and have used or bought in the last 12 months (usage, purchase, customers).`,
        kind: 'grid_multi',
        categories: [cat],
        datapoints: dps(`brand_funnel_${s.code}`, brands),
        suffixes: FUNNEL,
        model: { type: 'funnel', consider: 0.55, use: 0.55 },
        flags: ['grid', 'brand_funnel'],
        knowledge_base: 'Consideration is asked of those aware of a brand, usage of those who would consider it.',
      }),
      q({
        code: `brand_perception_${s.code}`,
        name: `${capital(s.name)} brand perceptions`,
        description: `Statements people agree apply to ${s.name} brands they know (trust, innovation, value for money, premium, sustainability): brand image and reputation.`,
        kind: 'grid_multi',
        categories: [cat, 'attitudes.consumer'],
        datapoints: dps(`brand_perception_${s.code}`, brands),
        suffixes: BRAND_STATEMENTS,
        model: { type: 'perception', funnel: `brand_funnel_${s.code}` },
        flags: ['grid', 'brand_perception'],
        notice: 'Asked only of respondents aware of the brand.',
      }),
      q({
        code: `favourite_brand_${s.code}`,
        name: `Favourite ${s.name} brand`,
        description: `The one ${s.name} brand people prefer most among those they use: brand preference and loyalty.`,
        kind: 'single',
        categories: [cat],
        datapoints: dps(`favourite_brand_${s.code}`, [...brands, { name: 'No favourite brand', code: 'no_favourite' }]),
        model: { type: 'favourite', funnel: `brand_funnel_${s.code}`, none: 'no_favourite' },
        flags: ['single_choice'],
      }),
    );
  }
  return out;
}

export function brandCategoryDefs(): [string, string, string, string | null][] {
  return BRAND_SECTORS.map((s) => [
    `brands.${s.code}`,
    `${capital(s.name)} brands`,
    `Awareness, consideration, usage and perception of ${s.name} brands.`,
    'brands',
  ]);
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
