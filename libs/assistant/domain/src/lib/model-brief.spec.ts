import { PlanAudience } from './assistant.types';
import { modelInstructions, toModelAnswer } from './model-brief';
import { planPrompt } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

const acme = demoPlannerCatalogue({ datasets: ['core'], locations: ['us', 'gb', 'de', 'fr'], waves: 5 });

describe('modelInstructions', () => {
  const docked: PlanAudience[] = [{ id: 'a-1', name: 'My shoppers', description: '', expression: {}, origin: 'docked' }];
  const text = modelInstructions(acme, null, docked);

  it('lists only what the organisation licenses: its questions, markets and waves', () => {
    expect(text).toContain('streaming_services_used "Video streaming services used": netflix; disney_plus=Disney+;');
    expect(text).not.toContain('game_titles_played');
    expect(text).toMatch(/^MARKETS: us=United States; gb=United Kingdom; de=Germany; fr=France$/m);
    expect(text).toMatch(/^WAVES \(oldest first\): q3_2025=Q3 2025; q4_2025=Q4 2025; q1_2026=Q1 2026; q2_2026=Q2 2026; q3_2026=Q3 2026$/m);
  });

  it('names the docked audiences by id and carries the previous plan in the model’s form', () => {
    expect(text).toContain('DOCKED AUDIENCES (id=name): a-1=My shoppers');
    expect(text).toContain('PREVIOUS PLAN: none');
    const previous = planPrompt({ prompt: 'What share of Gen Z use TikTok?', catalogue: acme });
    if (previous.outcome !== 'answer') throw new Error(previous.outcome);
    expect(modelInstructions(acme, previous.plan, [])).toContain(`PREVIOUS PLAN: ${JSON.stringify(toModelAnswer(previous.plan))}`);
    expect(toModelAnswer(previous.plan)).toMatchObject({
      topic: { question: 'social_platform_usage', datapoints: ['tiktok'] },
      audiences: [{ savedAudienceId: 'curated-1', expression: null }],
    });
  });
});
