import { frequencyBeforePeople, isPeopleNoun } from './postposed-frequency';
import { translateWords } from './languages';
import { demoPlannerCatalogue } from './testing/demo-catalogue';
import { answerPlan, topicAndAudiences as shape } from './testing/plan-answer';

const demo = demoPlannerCatalogue();

describe('frequencyBeforePeople: a Romance frequency after its noun for people, in English order', () => {
  it('puts the frequency before a noun for people just read', () => {
    expect(frequencyBeforePeople(['the', 'users'], 'daily')).toEqual(['the', 'daily', 'users']);
    expect(frequencyBeforePeople(['the', 'listeners'], 'weekly')).toEqual(['the', 'weekly', 'listeners']);
    expect(frequencyBeforePeople(['read', 'the'], 'daily')).toBeUndefined();
    expect(isPeopleNoun('gamers')).toBe(true);
  });
  it('is read in the Romance languages only after people, so the word stays a noun elsewhere', () => {
    expect(translateWords(['usuarios', 'diarios', 'de', 'instagram'], 'es').join(' ')).toBe('daily users of instagram');
    expect(translateWords(['utenti', 'quotidiani', 'di', 'instagram'], 'it').join(' ')).toBe('daily users of instagram');
    expect(translateWords(['lee', 'el', 'diario'], 'es')).not.toContain('daily');
  });
  it('so a frequency group said in Italian, Spanish or French is the row of its grid', () => {
    const daily = { question: 'social_platform_frequency', datapoints: ['instagram'], suffixes: ['1'] };
    expect(shape(answerPlan('Gli utenti quotidiani di Instagram in Spagna usano Pinterest più della media?', demo))).toEqual({
      topic: 'social_platform_usage',
      audiences: [daily],
    });
    expect(shape(answerPlan('¿Qué porcentaje de los usuarios diarios de Instagram usa Pinterest?', demo)).audiences).toEqual([daily]);
    expect(shape(answerPlan('Quelle part des utilisateurs quotidiens d’Instagram utilisent Pinterest ?', demo)).audiences).toEqual([daily]);
  });
});
