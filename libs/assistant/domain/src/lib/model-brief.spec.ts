import { PlanAudience } from './assistant.types';
import { MODEL_HISTORY_LIMIT, MODEL_UNANSWERED_LIMIT, modelInstructions, toModelAnswer } from './model-brief';
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

  it('lists the chat’s answered plans before the previous one, oldest first, the last few only', () => {
    const first = planPrompt({ prompt: 'What share of Gen Z use TikTok?', catalogue: acme });
    if (first.outcome !== 'answer') throw new Error(first.outcome);
    // Plans told apart by their market: the first in us, then gb, de, fr, and back to us and gb.
    const markets = ['us', 'gb', 'de', 'fr', 'us', 'gb'];
    const history = markets.map((code) => ({ ...first.plan, locations: acme.locations.filter((l) => l.code === code) }));
    const previous = history[history.length - 1];
    const earlier = (text: string) =>
      text
        .split('\n')
        .filter((line) => /^\d+\. \{/.test(line))
        .map((line) => (JSON.parse(line.replace(/^\d+\. /, '')) as { markets: string[] }).markets.join());

    const full = modelInstructions(acme, previous, [], history);
    expect(full).toContain(`PREVIOUS PLAN: ${JSON.stringify(toModelAnswer(previous))}`);
    expect(full).toMatch(/^EARLIER PLANS \(oldest first, before the previous plan, at most 4\):$/m);
    // The previous plan is not repeated; of the five before it, the last MODEL_HISTORY_LIMIT.
    expect(MODEL_HISTORY_LIMIT).toBe(4);
    expect(earlier(full)).toEqual(['gb', 'de', 'fr', 'us']);
    expect(earlier(modelInstructions(acme, previous, [], history.slice(-3)))).toEqual(['fr', 'us']);
    // A history that does not end with the previous plan is all earlier.
    expect(earlier(modelInstructions(acme, previous, [], history.slice(0, 3)))).toEqual(['us', 'gb', 'de']);
    // No history (a new chat, or only the previous plan known): none, and nothing listed.
    for (const none of [modelInstructions(acme, null, []), modelInstructions(acme, previous, [], [previous])]) {
      expect(none).toMatch(/^EARLIER PLANS \(oldest first, before the previous plan, at most 4\): none$/m);
      expect(earlier(none)).toEqual([]);
    }
  });

  it('shows the chat’s last prompt when it was refused or asked back, quoted and bounded, and none otherwise', () => {
    const line = (text: string) => text.split('\n').find((l) => l.startsWith('UNANSWERED PROMPT'));
    expect(line(modelInstructions(acme, null, []))).toBe('UNANSWERED PROMPT (the chat’s last, refused or asked back): none');
    expect(line(modelInstructions(acme, null, [], [], 'What share of Italians use "Netflix"?'))).toBe(
      'UNANSWERED PROMPT (the chat’s last, refused or asked back): "What share of Italians use \\"Netflix\\"?"',
    );
    const brief = 'Context. '.repeat(200);
    const shown = line(modelInstructions(acme, null, [], [], brief)) ?? '';
    expect(JSON.parse(shown.slice(shown.indexOf(': ') + 2))).toBe(brief.slice(0, MODEL_UNANSWERED_LIMIT));
  });
});
