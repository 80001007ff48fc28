import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { withoutAsides } from './brief-asides';

const demo = demoPlannerCatalogue();

describe('withoutAsides', () => {
  it("sets aside a bracket about the writer's schedule, in any language", () => {
    expect(withoutAsides('What share of Spaniards have health insurance (lo presentamos el jueves a Mapfre)?', demo).asides).toEqual([
      'lo presentamos el jueves a Mapfre',
    ]);
    expect(withoutAsides('How many Germans use TikTok (deadline Friday)?', demo).asides).toEqual(['deadline Friday']);
  });
  it('keeps a bracket that qualifies the question', () => {
    expect(withoutAsides('What share of Gen Z (aged 16-24) use TikTok?', demo).asides).toEqual([]);
  });
});

describe('a brand in a remark or a purpose around the question, never its topic', () => {
  it.each([
    [
      'Hola! Para el informe de Iberia (lo presentamos el jueves a Mapfre) necesito saber qué porcentaje de españoles tiene seguro de salud. Gracias!!',
      'health_insurance',
      ['es'],
    ],
    ['Salut ! Pour le rapport de Danone (on le présente jeudi) j’ai besoin de savoir quelle part des Français utilise TikTok. Merci !', 'tiktok', ['fr']],
    ['Hallo! Für den Bericht für Adidas (wir präsentieren am Donnerstag) brauche ich den Anteil der Deutschen, die Netflix nutzen. Danke!', 'netflix', ['de']],
    [
      'Oi! Para o relatório da Natura (apresentamos na quinta-feira) preciso saber qual a porcentagem dos brasileiros que usam TikTok. Valeu!',
      'tiktok',
      ['br'],
    ],
    ['Hi! For the Nike report (we present it on Thursday) what share of Brits use Instagram? Thanks!', 'instagram', ['gb']],
  ])('%s', (prompt, code, markets) => {
    const plan = answerPlan(prompt, demo);
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual([code]);
    expect(plan.locations.map((l) => l.code)).toEqual(markets);
  });
});
