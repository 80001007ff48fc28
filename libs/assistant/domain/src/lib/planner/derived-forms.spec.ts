import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { activityVerbWord, agentNameWord, agentNounForms, derivedNameWord, ingForms, isAgentNounOf } from './derived-forms';
import { RuleBasedPlanner } from '../planner';
import { read } from './read';

const catalogue = demoPlannerCatalogue();
const index = indexOf(catalogue);

describe('derivedNameWord: another form of the first word of an answer name', () => {
  it('reads a verb as the noun of the one answer of its stem ("meditate": "Meditation")', () => {
    expect(derivedNameWord('meditate', index)).toBe('meditation');
  });

  it('reads the -s form of a verb as the activity named by its -ing form ("hikes": "Hiking")', () => {
    expect(derivedNameWord('hikes', index)).toBe('hiking');
    expect(derivedNameWord('cycles', index)).toBe('cycling');
    expect(derivedNameWord('users', index)).toBeUndefined();
    // A verb with a named object does that to the object ("reads newspapers"): no activity.
    expect(derivedNameWord('cycles', index, true)).toBeUndefined();
  });

  it('leaves known words, short words and words of no answer alone', () => {
    expect(derivedNameWord('meditation', index)).toBeUndefined();
    expect(derivedNameWord('use', index)).toBeUndefined();
    expect(derivedNameWord('zzkrpq', index)).toBeUndefined();
  });

  it('makes the answer a name of the prompt, as surely as its plural', () => {
    const reading = read('how many people meditate in japan', catalogue, index);
    const names = reading.spans
      .filter((s) => s.entry.kind === 'datapoint')
      .map((s) => (s.entry.kind === 'datapoint' ? s.entry.refs.map((r) => r.datapoint.code) : []));
    expect(names).toEqual([['meditation']]);
  });
});

describe('agentNameWord: a person named by an answer they do', () => {
  const reserved = new Set(['users', 'owners', 'gamers', 'drinkers']);

  it('forms the activity, the noun, or the noun with -y or -e from a person noun', () => {
    expect(agentNounForms('runners')).toEqual(expect.arrayContaining(['running']));
    expect(agentNounForms('cyclists')).toEqual(expect.arrayContaining(['cycling']));
    expect(agentNounForms('golfers')).toEqual(expect.arrayContaining(['golf']));
    expect(agentNounForms('photographers')).toEqual(expect.arrayContaining(['photography']));
    expect(agentNounForms('table')).toEqual([]);
  });

  it('reads a person noun as the one-word answer it comes from, the activity first', () => {
    expect(agentNameWord('runners', index, reserved)).toBe('running');
    expect(agentNameWord('swimmers', index, reserved)).toBe('swimming');
    expect(agentNameWord('gardeners', index, reserved)).toBe('gardening');
  });

  it('leaves words that already name people, and words of no answer, alone', () => {
    expect(agentNameWord('users', index, reserved)).toBeUndefined();
    expect(agentNameWord('gamers', index, reserved)).toBeUndefined();
    expect(agentNameWord('others', index, reserved)).toBeUndefined();
    expect(isAgentNounOf('running', 'running')).toBe(false);
    expect(isAgentNounOf('cyclists', 'cycling')).toBe(true);
  });

  it('makes the people it names the audience when something else is measured', () => {
    const outcome = new RuleBasedPlanner().plan({ prompt: 'What share of cyclists in the UK use Strava?', catalogue, previous: null, history: [], docked: [] });
    expect(outcome.outcome).toBe('answer');
    if (outcome.outcome !== 'answer') return;
    expect(outcome.plan.audiences.map((a) => a.expression)).toEqual([{ question: 'sports_played', datapoints: ['cycling'] }]);
    expect(outcome.plan.topic?.datapoints.map((d) => d.code)).toEqual(['strava']);
    expect(outcome.notes.join(' ')).not.toMatch(/cyclists/);
  });
});

describe('activityVerbWord: a bare verb of what people do', () => {
  const at = (text: string, word: string) => {
    const words = text.split(' ');
    return activityVerbWord(words, words.indexOf(word), index);
  };

  it('forms the -ing of a verb with its spelling rules ("run": "running", "cycle": "cycling")', () => {
    expect(ingForms('run')).toContain('running');
    expect(ingForms('cycle')).toContain('cycling');
    expect(ingForms('swim')).toContain('swimming');
    expect(ingForms('running')).toEqual([]);
  });

  it('reads the verb after a clause word as its activity answer', () => {
    expect(at('people who run', 'run')).toBe('running');
    expect(at('people who neither run nor cycle', 'cycle')).toBe('cycling');
    expect(at('people who both swim and do yoga', 'swim')).toBe('swimming');
    expect(at('people who run and also go to the gym', 'run')).toBe('running');
  });

  it('leaves a verb with a named object, or said elsewhere, to its object', () => {
    expect(at('how many people run', 'run')).toBeUndefined();
    expect(at('people who run netflix', 'run')).toBeUndefined();
  });
});
