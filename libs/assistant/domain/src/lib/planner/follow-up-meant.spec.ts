import { AnalysisPlan, PlanOutcome } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { meantAnswer } from './follow-up-meant';

const demo = demoPlannerCatalogue();

/** Plans a chat turn by turn as the service does: the last answered plan, and the prompt of a turn that got none. */
function chat(...prompts: string[]): PlanOutcome {
  let previous: AnalysisPlan | null = null;
  let unanswered: string | null = null;
  let last: PlanOutcome | null = null;
  for (const prompt of prompts) {
    last = planPrompt({ prompt, catalogue: demo, previous, history: previous ? [previous] : [], unanswered });
    unanswered = last.outcome === 'answer' ? null : prompt;
    if (last.outcome === 'answer') previous = last.plan;
  }
  return last as PlanOutcome;
}
const planOf = (outcome: PlanOutcome) => {
  if (outcome.outcome !== 'answer') throw new Error(`expected an answer, got ${outcome.outcome}: ${outcome.message}`);
  return outcome.plan;
};

describe('meantAnswer: an answer chosen among those of one name by words of its question', () => {
  it('asks an unanswered turn again with the answer its question describes', () => {
    expect(meantAnswer('the payment one', 'What share of Brits use Apple?', null, demo)).toBe('What share of Brits use Apple Pay?');
    expect(meantAnswer('sorry, I meant the music service', 'How many Spaniards use Apple?', null, demo)).toBe('How many Spaniards use Apple Music?');
  });
  it('moves an answered turn to that answer', () => {
    const previous = planOf(chat('What share of Germans have bought Apple products in the last year?'));
    expect(meantAnswer('I meant the music service', null, previous, demo)).toBe('What about Apple Music instead?');
  });
  it('reads nothing when the turn names something, is no description, or no one question is described best', () => {
    expect(meantAnswer('I meant Spotify', 'What share of Brits use Apple?', null, demo)).toBeNull();
    expect(meantAnswer('what about the UK?', 'What share of Brits use Apple?', null, demo)).toBeNull();
    expect(meantAnswer('the blue one', 'What share of Brits use Apple?', null, demo)).toBeNull();
  });
  it('keeps the rest of the earlier turn: its market, audience and count', () => {
    const music = planOf(chat('How many Germans use Apple?', 'I meant the music service'));
    const bought = planOf(chat('What share of Germans have bought Apple products in the last year?', 'I meant the music service'));
    expect(bought.topic?.datapoints.map((d) => d.code)).toEqual(['apple_music']);
    expect([music.topic?.question, music.topic?.datapoints.map((d) => d.code), music.locations.map((l) => l.code), music.count]).toEqual([
      'music_streaming_services',
      ['apple_music'],
      ['de'],
      true,
    ]);
    const video = planOf(chat('What share of Gen Z in Japan use Amazon?', 'the video streaming one'));
    expect([video.topic?.question, video.topic?.datapoints.map((d) => d.code), video.audiences.map((a) => a.name)]).toEqual([
      'streaming_services_used',
      ['amazon_prime_video'],
      ['Gen Z'],
    ]);
  });
});
