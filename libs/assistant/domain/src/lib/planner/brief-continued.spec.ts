import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { continuesQuestions } from './brief-continued';

/*
 * A question said in parts: a last question that names nothing of the catalogue, after questions,
 * goes on with them and is read whole ("What sets cat owners apart? Compared with the average
 * person, what is different?"), in English and in Japanese.
 */
const catalogue = demoPlannerCatalogue();
const profiled = (prompt: string) => {
  const p = answerPlan(prompt, catalogue);
  return { kind: p.kind, topic: p.topic, audiences: p.audiences.map((a) => a.expression), markets: p.locations.map((l) => l.code) };
};
const catOwnersInJapan = { kind: 'indexing', topic: null, audiences: [{ question: 'pets_owned', datapoints: ['cat'] }], markets: ['jp'] };

describe('a last question that names nothing goes on with the questions before it', () => {
  it('reads the parts whole in English', () => {
    expect(profiled('What sets cat owners in Japan apart? Compared with the average person, what is different?')).toEqual(catOwnersInJapan);
    expect(profiled('What are cat owners in Japan like? Compared with everyone else, what stands out?')).toEqual(catOwnersInJapan);
  });

  it('reads the parts whole in Japanese, with ordinary people as the base', () => {
    expect(profiled('日本で猫を飼っている人の特徴は？普通の人と比べて何が違う？')).toEqual(catOwnersInJapan);
    expect(profiled('日本で猫を飼っている人はどんな人？一般の人に比べて何が違う？')).toEqual(catOwnersInJapan);
  });

  it('only when every sentence before it asks and it names nothing itself', () => {
    expect(continuesQuestions(['What sets cat owners apart?', 'Compared with the average person, what is different?'], 1, catalogue)).toBe(true);
    expect(continuesQuestions(['We sell cat food.', 'Compared with the average person, what is different?'], 1, catalogue)).toBe(false);
    expect(continuesQuestions(['What sets cat owners apart?', 'And what about dog owners?'], 1, catalogue)).toBe(false);
    expect(continuesQuestions(['What sets cat owners apart?'], 0, catalogue)).toBe(false);
  });
});
