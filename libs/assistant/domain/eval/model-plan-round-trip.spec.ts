import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { AnalysisPlan, PlanOutcome } from '../src/lib/assistant.types';
import { toModelAnswer } from '../src/lib/model-brief';
import { validatePlan } from '../src/lib/plan-validation';
import { PlanInput, RuleBasedPlanner } from '../src/lib/planner';
import { EVAL_SETS, isHeldOut, parseEvalCases, planCaseWith, scoreEval } from './score-eval';

/**
 * validatePlan is as strict as the rules, and no stricter: every plan the rule planner makes for the
 * tuning prompts (each turn of each chat), written in the model's form, validates back to itself.
 * A plan it refused would send a model's correct plan to the fallback; a difference would mean the
 * model's plan is computed differently from the same plan made by the rules. Held-out sets are not
 * read here.
 */
// The language a prompt was read in is the rule planner's note for the next turn; a model's answer has none.
const comparable = ({ language: _language, ...plan }: AnalysisPlan) => ({
  ...plan,
  audiences: plan.audiences.map((a) => ({ id: a.origin === 'phrase' ? 'phrase' : a.id, expression: a.expression, origin: a.origin })),
});

describe.each(EVAL_SETS.filter((set) => !isHeldOut(set)))('the rule planner’s plans for %s.json, in the model’s form', (set) => {
  it('validate back to the same plan', () => {
    const cases = parseEvalCases(JSON.parse(fs.readFileSync(path.join(__dirname, `${set}.json`), 'utf8')), set);
    const rules = new RuleBasedPlanner();
    const mismatches: string[] = [];
    let plans = 0;
    const recording = {
      plan(input: PlanInput): PlanOutcome {
        const out = rules.plan(input);
        if (out.outcome !== 'answer') return out;
        plans++;
        const checked = validatePlan(
          { outcome: 'answer', answer: toModelAnswer(out.plan), refusal: null, clarification: null },
          input.catalogue,
          input.docked ?? [],
        );
        if (!checked.ok) mismatches.push(`${input.prompt}: ${checked.errors.join('; ')}`);
        else if (checked.outcome.outcome !== 'answer' || !isDeepStrictEqual(comparable(checked.outcome.plan), comparable(out.plan)))
          mismatches.push(`${input.prompt}: validated to a different plan: ${JSON.stringify(checked.outcome)} vs ${JSON.stringify(out.plan)}`);
        return out;
      },
    };
    scoreEval(cases, planCaseWith(recording));
    if (cases.length > 0) expect(plans).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  });
});
