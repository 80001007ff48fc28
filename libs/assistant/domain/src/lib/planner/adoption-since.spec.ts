import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';

/*
 * A verb of taking up said with a degree ("the most", "more") and a start point ("since Q1 2026")
 * asks which side grew more (`cues.json` `adoptionDegree`, `adoptionSince`), in English and as the
 * Romance languages say it; without a start point the most is a level, not growth.
 */
const catalogue = demoPlannerCatalogue();
const verdict = (prompt: string) => answerPlan(prompt, catalogue).verdict ?? null;

describe('taken up the most since a start point', () => {
  it.each([
    'Between men and women, who has adopted Perplexity the most since Q1 2026?',
    'Which group took up ChatGPT the most since Q1 2026, men or women?',
    'Entre les hommes et les femmes, qui a le plus adopté Perplexity depuis le T1 2026 ?',
    '¿Quién ha adoptado más Perplexity desde el T1 2026, los hombres o las mujeres?',
    'Chi ha adottato di più Perplexity dal T1 2026, uomini o donne?',
    'Quem adotou mais o Perplexity desde o T1 2026, homens ou mulheres?',
  ])('%s grew more', (prompt) => expect(verdict(prompt)).toBe('grew-more'));

  it('uses the most, with no start point, is the highest', () => {
    expect(verdict('Which group uses ChatGPT the most, men or women?')).toBe('highest');
  });
});
