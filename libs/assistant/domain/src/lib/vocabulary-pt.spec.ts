import { evalCatalogue } from '../../eval/eval-catalogue';
import { AnalysisPlan } from './assistant.types';
import { answerPlan } from './testing/plan-answer';

// Portuguese prompts written from the demo catalogue, in the words the phrase table
// (lexicon/languages/pt.json) now holds beyond those of the tuning prompts: the ways of asking
// (share, how many, most used, compared with, grew / fell, per country), the names of people
// (teenagers, students, retirees, self-employed, dog owners, city dwellers) and activities,
// products and frequencies, in the inflections questions use.
const catalogue = evalCatalogue('demo');

interface Expected {
  kind: AnalysisPlan['kind'];
  question: string;
  audiences?: string[];
  markets?: string[];
}

const CASES: [string, Expected][] = [
  // share
  [
    'Qual a parcela dos adolescentes no Brasil que usam o TikTok diariamente?',
    { kind: 'share', question: 'social_platform_frequency', audiences: ['Gen Z'], markets: ['br'] },
  ],
  ['Quantos por cento dos estudantes assistem Netflix?', { kind: 'share', question: 'streaming_services_used', audiences: ['Students'] }],
  ['Que percentagem dos aposentados na Espanha usa o Facebook?', { kind: 'share', question: 'social_platform_usage', audiences: ['Retired'], markets: ['es'] }],
  ['Quantas pessoas na Alemanha possuem um carro elétrico?', { kind: 'share', question: 'car_ownership', markets: ['de'] }],
  ['Quantos donos de cachorros compram produtos para animais online?', { kind: 'share', question: 'online_purchases', audiences: ['Dog owners'] }],
  ['Qual a parcela dos consumidores que bebem chá todos os dias?', { kind: 'share', question: 'drinks_consumed' }],
  ['Quantos estudantes universitários jogam Fortnite?', { kind: 'share', question: 'game_titles_played', audiences: ['Students'] }],
  ['Que parcela dos trabalhadores autônomos tem cartão de crédito?', { kind: 'share', question: 'financial_products', audiences: ['Self-employed'] }],
  ['Qual a porcentagem de pessoas que fazem exercícios várias vezes por semana?', { kind: 'share', question: 'exercise_frequency' }],
  ['Quantos adultos no Brasil concordam que a mudança climática os preocupa?', { kind: 'share', question: 'attitudes_environment', markets: ['br'] }],
  ['Qual a parcela dos jogadores que assistem esportes eletrônicos?', { kind: 'share', question: 'twitch_activities', audiences: ['Gamers'] }],
  ['Quantas mulheres assinam o Disney+ em números absolutos?', { kind: 'share', question: 'streaming_services_used', audiences: ['Women'] }],
  ['Qual a parcela das pessoas de alta renda que possuem fones de ouvido sem fio?', { kind: 'share', question: 'devices_owned', audiences: ['High income'] }],
  ['Quantos aposentados leem jornais impressos?', { kind: 'share', question: 'news_sources', audiences: ['Retired'] }],
  ['Qual a parcela dos brasileiros que têm um relógio inteligente?', { kind: 'share', question: 'devices_owned', markets: ['br'] }],
  ['Quantos pais jovens compram fraldas online?', { kind: 'share', question: 'childrens_products_bought', audiences: ['Young parents'] }],
  ['Qual a parcela dos millennials que seguem dieta vegetariana?', { kind: 'share', question: 'diets_followed', audiences: ['Millennials'] }],
  ['Qual o percentual de desempregados que usam o LinkedIn?', { kind: 'share', question: 'social_platform_usage', audiences: ['Unemployed'] }],
  ['Quantos consumidores confiam nas avaliações de clientes?', { kind: 'share', question: 'attitudes_shopping' }],
  [
    'Que percentagem dos espanhóis faz compras online pelo menos uma vez por semana?',
    { kind: 'share', question: 'online_shopping_frequency', markets: ['es'] },
  ],
  ['Qual a porcentagem de mulheres que praticam ioga?', { kind: 'share', question: 'sports_played', audiences: ['Women'] }],
  ['Quantos brasileiros usaram uma VPN?', { kind: 'share', question: 'online_privacy_actions', markets: ['br'] }],
  ['Quantas pessoas fazem jardinagem regularmente?', { kind: 'share', question: 'hobbies' }],
  ['Qual a parcela dos adultos que bebem refrigerantes todos os dias?', { kind: 'share', question: 'drinks_consumed' }],
  // ranking
  [
    'Quais são as redes sociais mais utilizadas pelas mulheres no Brasil?',
    { kind: 'ranking', question: 'social_platform_usage', audiences: ['Women'], markets: ['br'] },
  ],
  ['Qual é o serviço de streaming mais assistido entre os jovens adultos?', { kind: 'ranking', question: 'streaming_services_used' }],
  [
    'Quais são os principais motivos para usar redes sociais entre os adolescentes?',
    { kind: 'ranking', question: 'social_media_reasons', audiences: ['Gen Z'] },
  ],
  ['Quais aparelhos os jovens planejam comprar nos próximos 12 meses?', { kind: 'ranking', question: 'device_purchase_intent', audiences: ['Gen Z'] }],
  // comparison
  [
    'Compare o uso do Instagram entre homens e mulheres no Brasil',
    { kind: 'comparison', question: 'social_platform_usage', audiences: ['Men', 'Women'], markets: ['br'] },
  ],
  [
    'Os moradores de cidades usam mais o Uber do que os moradores rurais?',
    { kind: 'comparison', question: 'brand_funnel_delivery', audiences: ['Urban', 'Rural'] },
  ],
  ['Quem mais usa o Pinterest, mulheres ou homens?', { kind: 'comparison', question: 'social_platform_usage', audiences: ['Women', 'Men'] }],
  ['Mostre o uso do WhatsApp em cada país', { kind: 'comparison', question: 'social_platform_usage' }],
  // trend
  ['O uso do ChatGPT cresceu nos últimos 12 meses?', { kind: 'trend', question: 'ai_assistants_used' }],
  ['Como o uso do TikTok evoluiu ao longo do tempo no Brasil?', { kind: 'trend', question: 'social_platform_usage', markets: ['br'] }],
  ['O uso do Facebook caiu entre os jovens desde o ano passado?', { kind: 'trend', question: 'social_platform_usage', audiences: ['Gen Z'] }],
  // indexing
  ['Os veganos são mais propensos a comprar produtos de beleza do que a média?', { kind: 'indexing', question: 'online_purchases' }],
  ['Os estudantes estão sobrerrepresentados entre os usuários do Discord?', { kind: 'indexing', question: 'social_platform_usage', audiences: ['Students'] }],
];

describe('Portuguese vocabulary: prompts in words beyond the tuning prompts', () => {
  it.each(CASES)('%s', (prompt, expected) => {
    const plan = answerPlan(prompt, catalogue);
    expect(plan.kind).toBe(expected.kind);
    expect(plan.topic?.question).toBe(expected.question);
    if (expected.audiences) expect(plan.audiences.map((a) => a.name)).toEqual(expected.audiences);
    if (expected.markets) expect(plan.locations.map((l) => l.code)).toEqual(expected.markets);
  });
});
