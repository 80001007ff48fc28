import { demoPlannerCatalogue } from './testing/demo-catalogue';
import { answerPlan } from './testing/plan-answer';

/*
 * Classes of words the phrase tables of the other languages read (`lexicon/languages/*.json`): a
 * degree of a scale ("confiam muito": trust a lot), people named by a headless relative clause and
 * where they live ("los que viven en el campo"), pets, delivery apps, kinds of magazines, a
 * superlative adjective before its noun ("a maior penetração"), German nouns of earners.
 */
const catalogue = demoPlannerCatalogue();
const read = (prompt: string) => {
  const p = answerPlan(prompt, catalogue);
  return {
    topic: p.topic ? `${p.topic.question}:${p.topic.datapoints.map((d) => d.code).join(',')}${p.topic.suffix ? `|${p.topic.suffix.code}` : ''}` : null,
    audiences: p.audiences.map((a) => JSON.stringify(a.expression)),
  };
};
const topic = (prompt: string) => read(prompt).topic;

describe('phrase tables by class of word', () => {
  it.each([
    ['Qual é a porcentagem de franceses que confiam muito nos influenciadores?', 'influencer_trust:trust_a_lot'],
    ['¿Qué porcentaje de españoles confía mucho en los influencers?', 'influencer_trust:trust_a_lot'],
    ['Quelle part des Français font beaucoup confiance aux influenceurs ?', 'influencer_trust:trust_a_lot'],
    ['Quota di tedeschi che si fidano molto degli influencer', 'influencer_trust:trust_a_lot'],
    ['Quantos brasileiros confiam um pouco nos influenciadores?', 'influencer_trust:trust_somewhat'],
  ])('a degree of a scale: %s', (prompt, expected) => expect(topic(prompt)).toBe(expected));

  it.each([
    ['Welcher Anteil der Deutschen hält Reptilien als Haustiere?', 'pets_owned:reptile'],
    ['¿Qué porcentaje de españoles tiene peces?', 'pets_owned:fish'],
    ['Quelle part des Français ont des oiseaux ?', 'pets_owned:bird'],
    ['Quota di spagnoli che hanno rettili', 'pets_owned:reptile'],
    ['Qual a porcentagem de brasileiros que têm gatos?', 'pets_owned:cat'],
  ])('pets: %s', (prompt, expected) => expect(topic(prompt)).toBe(expected));

  it.each([
    ['Quota di giapponesi che leggono riviste di cucina', 'magazine_types:food_and_cooking'],
    ['¿Qué porcentaje de españoles lee revistas de cocina?', 'magazine_types:food_and_cooking'],
    ['Quelle part des Français lisent des magazines de cuisine ?', 'magazine_types:food_and_cooking'],
    ['Qual a porcentagem de brasileiros que leem revistas de culinária?', 'magazine_types:food_and_cooking'],
  ])('kinds of magazines: %s', (prompt, expected) => expect(topic(prompt)).toBe(expected));

  it.each([
    'qual app de entrega mais usado no brasil?',
    '¿Cuál es la app de reparto más usada en España?',
    "Quelle est l'application de livraison la plus utilisée en France ?",
    "Qual è l'app di consegna più usata in Spagna?",
  ])('delivery apps: %s', (prompt) => expect(topic(prompt)).toBe('brand_funnel_delivery:|3'));

  it.each([
    'Em qual dos mercados europeus o Spotify tem a maior penetração?',
    '¿En cuál de los mercados europeos tiene Spotify la mayor penetración?',
    'Dans lequel des marchés européens Spotify a-t-il la plus forte pénétration ?',
    'In quale dei mercati europei Spotify ha la maggiore penetrazione?',
    'In welchem der europäischen Märkte hat Spotify die höchste Penetration?',
  ])('a superlative adjective before its noun ranks the markets: %s', (prompt) => {
    const p = answerPlan(prompt, catalogue);
    expect([p.rankBy, p.verdict, p.locations.map((l) => l.code)]).toEqual(['markets', 'highest', ['gb', 'de', 'fr', 'es']]);
  });

  it('people named by a headless relative clause of where they live', () => {
    const rural = JSON.stringify({ question: 'urbanicity', datapoints: ['rural'] });
    const urban = JSON.stringify({ question: 'urbanicity', datapoints: ['urban'] });
    expect(read('¿Los que viven en el campo compran más ropa por internet que los que viven en la ciudad? En EE. UU.')).toEqual({
      topic: 'online_purchases:clothing',
      audiences: [rural, urban],
    });
    expect(read('Ceux qui vivent à la campagne achètent-ils plus de vêtements en ligne que ceux qui vivent en ville ?').audiences).toEqual([rural, urban]);
    expect(read('Os que vivem no campo compram mais roupas online do que os que vivem na cidade? No Brasil.').audiences).toEqual([rural, urban]);
  });

  it('German nouns of earners and what a second sentence means', () => {
    expect(read('Sind Besserverdiener in den USA bei Tesla überrepräsentiert? Gemeint sind Käufer bzw. Nutzer, nicht die Bekanntheit.').topic).toBe(
      'brand_funnel_cars:tesla|3',
    );
    expect(read('Welcher Anteil der Geringverdiener nutzt TikTok?').audiences).toEqual([JSON.stringify({ question: 'income_group', datapoints: ['low'] })]);
  });
});
