import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { readDimensions } from './dimension-cues';

/*
 * Groups compared with a verdict, and groups asked for in other languages: "lower" said of the
 * sides (never of the word after it), German "eher", an infinitive that is not a future
 * ("usar"), and the age groups named by "faixa etária" and "年齢層別".
 */
const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue });
  if (out.outcome !== 'answer') throw new Error(`${out.outcome}: ${out.message}`);
  return out.plan;
}

describe('verdicts of groups compared', () => {
  it('reads "lower" said of the sides as the lowest side, but not "lower" before the word it describes', () => {
    expect(readDimensions('which of the two is lower'.split(' '), catalogue).superlative).toBe('lowest');
    expect(readDimensions('women vs men on reddit which is lower in spain'.split(' '), catalogue).superlative).toBe('lowest');
    expect(readDimensions('netflix use among lower earners'.split(' '), catalogue).superlative).toBeNull();
  });

  it('names the lower of two audiences of one question', () => {
    const p = plan('Women versus men on Pinterest in Germany: which is lower?');
    expect(p.audiences).toHaveLength(2);
    expect(p.verdict).toBe('lowest');
  });

  it('reads German "eher" as asking for the side more likely', () => {
    const p = plan('Wer nutzt eher Snapchat, Frauen oder Männer?');
    expect(p.audiences).toHaveLength(2);
    expect(p.verdict).toBe('highest');
  });
});

describe('groups asked for in other languages', () => {
  it('reads the infinitive "usar" as a use, not a forecast', () => {
    const out = planPrompt({ prompt: '¿Qué grupo de edad tiene más probabilidades de usar Pinterest?', catalogue });
    expect(out.outcome).toBe('answer');
    if (out.outcome === 'answer') expect(out.plan.groupQuestion?.code).toBe('age_group');
  });

  it('ranks the age groups named by "faixa etária" and by "年齢層別"', () => {
    expect(plan('Como o uso do Instagram varia por faixa etária no Japão?').groupQuestion?.code).toBe('age_group');
    expect(plan('年齢層別にInstagramの利用率を教えてください').groupQuestion?.code).toBe('age_group');
  });
});
