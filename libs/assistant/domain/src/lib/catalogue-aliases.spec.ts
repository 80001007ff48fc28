import type { PlannerCatalogue } from './assistant.types';
import { planPrompt } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

/**
 * A survey's own words come from its catalogue (issue 28): an import's mapping gives a question
 * or an answer other names, the catalogue serves them, and the planner reads them like the
 * demo's ("insta"), with no word of that survey in the planner's code or lexicon.
 */
function topicOf(prompt: string, catalogue: PlannerCatalogue): [string | undefined, string[]] | string {
  const out = planPrompt({ prompt, catalogue });
  if (out.outcome !== 'answer') return `${out.outcome}: ${out.message}`;
  return [out.plan.topic?.question, out.plan.topic?.datapoints.map((d) => d.code) ?? []];
}

/** The demo catalogue with the aliases an import could have given it. */
function withAliases(): PlannerCatalogue {
  const catalogue = demoPlannerCatalogue();
  const question = (code: string) => catalogue.questions.find((q) => q.code === code) as PlannerCatalogue['questions'][number];
  question('mobile_operating_system').aliases = ['OS'];
  const facebook = question('social_platform_usage').datapoints.find((d) => d.code === 'facebook');
  if (facebook) facebook.aliases = [...(facebook.aliases ?? []), 'Zuckbook'];
  return catalogue;
}

describe('aliases from the catalogue', () => {
  it("an answer's alias names the answer: unknown without it, that answer with it", () => {
    expect(topicOf('What share of Germans use zuckbook?', demoPlannerCatalogue())).toMatch(/^refuse: .*zuckbook/);
    expect(topicOf('What share of Germans use zuckbook?', withAliases())).toEqual(['social_platform_usage', ['facebook']]);
  });

  it("the demo's own aliases: 'delivery apps' are the delivery brands (not the social platforms 'apps' names), グッチ is Gucci", () => {
    expect(topicOf('Quais os apps de delivery mais usados no Brasil?', demoPlannerCatalogue())).toEqual(['brand_funnel_delivery', []]);
    expect(topicOf('Which apps do Gen Z use most?', demoPlannerCatalogue())).toEqual(['social_platform_usage', []]);
    expect(topicOf('フランスでグッチを知っている人の割合は？', demoPlannerCatalogue())).toEqual(['brand_funnel_fashion', ['gucci']]);
  });

  it("the demo's 'use cases' of AI are what it is used for, not the assistants used", () => {
    expect(topicOf('What are the top 5 AI use cases among Millennials in India?', demoPlannerCatalogue())).toEqual(['ai_use_cases', []]);
  });

  it("a question's alias is a word of its name: the prompt that uses it gets the question", () => {
    expect(topicOf('OS split among millennials in the US', demoPlannerCatalogue())).toMatch(/^clarify: /);
    expect(topicOf('OS split among millennials in the US', withAliases())).toEqual(['mobile_operating_system', []]);
  });

  it('a catalogue that names what the lexicon calls unmeasurable measures it: an imported NPS question is answered, not refused', () => {
    /** An imported survey's question on recommending, with or without the alias its mapping gave. */
    const withNps = (aliases?: string[]): PlannerCatalogue => {
      const catalogue = demoPlannerCatalogue();
      const base = catalogue.questions.find((q) => q.code === 'financial_outlook') as PlannerCatalogue['questions'][number];
      catalogue.questions.push({
        ...base,
        code: 'recommend_score',
        name: 'Likelihood to recommend the service',
        description: '',
        datapoints: Array.from({ length: 11 }, (_, i) => ({ code: String(i), name: String(i) })),
        ...(aliases ? { aliases } : {}),
      });
      return catalogue;
    };
    // The demo has no such question: the lexicon's default says so.
    expect(topicOf('NPS among Gen Z in the US', demoPlannerCatalogue())).toMatch(/^refuse: .*Net Promoter Score/);
    // The catalogue names it: by its question's name, or by the alias the import gave.
    expect(topicOf('Likelihood to recommend among women', withNps())).toEqual(['recommend_score', []]);
    expect(topicOf('NPS among Gen Z in the US', withNps())).toMatch(/^refuse: /);
    expect(topicOf('NPS among Gen Z in the US', withNps(['NPS']))).toEqual(['recommend_score', []]);
    expect(topicOf('What is the net promoter score of millennials in Germany?', withNps(['NPS', 'net promoter score']))).toEqual(['recommend_score', []]);
  });

  it('a question without aliases reads as before', () => {
    expect(topicOf('Smartphone brand among Gen Z in France', withAliases())).toEqual(topicOf('Smartphone brand among Gen Z in France', demoPlannerCatalogue()));
  });
});

describe('a phrase that is one answer’s name and another answer’s alias', () => {
  // "Amazon Prime" is the subscription's own name and another name of Prime Video; "Klarna" the
  // banking brand's name and another name of buy now, pay later.
  it('names the answer of that name when nothing around it says otherwise', () => {
    expect(topicOf('Do parents over-index on Amazon Prime?', demoPlannerCatalogue())).toEqual(['subscriptions_held', ['amazon_prime']]);
    expect(topicOf('Where is Amazon Prime membership highest?', demoPlannerCatalogue())).toEqual(['subscriptions_held', ['amazon_prime']]);
    expect(topicOf('Wie viele Menschen in Deutschland nutzen Klarna?', demoPlannerCatalogue())).toEqual(['brand_funnel_banking', ['klarna']]);
  });

  it('names the other answer when its verb or the answers beside it say so', () => {
    expect(topicOf('How many Germans watch Amazon Prime?', demoPlannerCatalogue())).toEqual(['streaming_services_used', ['amazon_prime_video']]);
    expect(topicOf('Amazon Prime viewing: uk vs de', demoPlannerCatalogue())).toEqual(['streaming_services_used', ['amazon_prime_video']]);
    expect(topicOf('Wo schauen die meisten Leute Amazon Prime?', demoPlannerCatalogue())).toEqual(['streaming_services_used', ['amazon_prime_video']]);
    expect(topicOf('Netflix and Amazon Prime in fr vs es', demoPlannerCatalogue())).toEqual(['streaming_services_used', ['netflix', 'amazon_prime_video']]);
  });

  it('reads an alias shared with no other name as before', () => {
    expect(topicOf('What share of Germans use insta?', demoPlannerCatalogue())).toEqual(['social_platform_usage', ['instagram']]);
  });
});
