import { evalCatalogue } from '../../eval/eval-catalogue';
import { AnalysisPlan } from './assistant.types';
import { answerPlan } from './testing/plan-answer';

/*
 * French prompts written from the demo catalogue, in the words a researcher uses (people,
 * activities, devices, frequencies, ways of asking), each read through the French phrase table
 * (`lexicon/languages/fr.json`): the outcome, the kind, the question of the topic and, where the
 * prompt names them, the audience and the market.
 */

const catalogue = evalCatalogue('demo');

interface Expected {
  kind: AnalysisPlan['kind'];
  question: string;
  audience?: string[];
  market?: string[];
}

const cases: [string, Expected][] = [
  ["Combien d'étudiants possèdent une tablette ?", { kind: 'share', question: 'devices_owned', audience: ['Students'] }],
  ['Quelle part des retraités regarde Netflix chaque semaine ?', { kind: 'share', question: 'streaming_services_used', audience: ['Retired'] }],
  ["Comment l'utilisation de TikTok a-t-elle évolué au cours du temps en Allemagne ?", { kind: 'trend', question: 'social_platform_usage', market: ['de'] }],
  ['Est-ce que les hommes ou les femmes fument plus de cigarettes ?', { kind: 'comparison', question: 'smoking_status', audience: ['Men', 'Women'] }],
  ['Combien de personnes vapotent au Brésil ?', { kind: 'share', question: 'smoking_status', market: ['br'] }],
  ['Quels assistants IA sont les plus utilisés par les étudiants ?', { kind: 'ranking', question: 'ai_assistants_used', audience: ['Students'] }],
  ['Quelle part des internautes utilise un bloqueur de publicité ?', { kind: 'share', question: 'online_privacy_actions' }],
  ['Combien de foyers possèdent une voiture hybride ?', { kind: 'share', question: 'car_ownership' }],
  ['Quelle part des conducteurs a une voiture électrique en Espagne ?', { kind: 'share', question: 'car_ownership', market: ['es'] }],
  ['Quel pourcentage des jeunes adultes boit des boissons énergisantes ?', { kind: 'share', question: 'drinks_consumed' }],
  ['Quelle part des personnes âgées de 55 à 64 ans utilise Facebook ?', { kind: 'share', question: 'social_platform_usage', audience: ['Aged 55-64'] }],
  ['Combien de gens vivent seuls ?', { kind: 'share', question: 'household_size' }],
  ['Quelle part des mères achète des couches en ligne ?', { kind: 'share', question: 'childrens_products_bought', audience: ['Mothers'] }],
  ['Quelles marques de vêtements de sport sont les plus achetées par les adolescentes ?', { kind: 'ranking', question: 'brand_funnel_sportswear' }],
  [
    'Quelle part des propriétaires de chiens achète des produits pour animaux en ligne ?',
    { kind: 'share', question: 'online_purchases', audience: ['Dog owners'] },
  ],
  ['Quelle part des Japonais possède des écouteurs sans fil ?', { kind: 'share', question: 'devices_owned', market: ['jp'] }],
  ["Répartition par pays de l'utilisation d'Instagram", { kind: 'comparison', question: 'social_platform_usage' }],
  ['Quel pourcentage des internautes regarde la télé réalité ?', { kind: 'share', question: 'tv_genres' }],
  ['Quelle part des foyers ruraux possède un chien ?', { kind: 'share', question: 'pets_owned', audience: ['Rural'] }],
  [
    'Les citadins sont-ils plus enclins à se faire livrer des repas que les ruraux ?',
    { kind: 'comparison', question: 'online_activities', audience: ['Urban', 'Rural'] },
  ],
  ['Quelle part des parents a un crédit immobilier ?', { kind: 'share', question: 'financial_products', audience: ['Parents'] }],
  ['Quel pourcentage des employés travaille à temps partiel ?', { kind: 'share', question: 'employment_status' }],
  ['Combien de personnes lisent des journaux papier chaque jour ?', { kind: 'share', question: 'news_sources' }],
  ["Quelle part des utilisatrices de Pinterest s'intéressent à la mode ?", { kind: 'share', question: 'interests', audience: ['Pinterest users'] }],
  ['Quels sports sont les plus suivis en France ?', { kind: 'ranking', question: 'sports_followed', market: ['fr'] }],
  ['Quelle part des hommes fait du sport au moins une fois par semaine ?', { kind: 'share', question: 'exercise_frequency', audience: ['Men'] }],
  ['Combien de Français ont un abonnement à Spotify ?', { kind: 'share', question: 'music_streaming_services', market: ['fr'] }],
  ['Quelle part des gens suit un régime végétarien en Inde ?', { kind: 'share', question: 'diets_followed', market: ['in'] }],
  ['Quelle proportion des adolescents joue à des jeux vidéo sur PlayStation ?', { kind: 'share', question: 'gaming_platforms_used' }],
  ['Combien de clients font leurs achats sur Amazon ?', { kind: 'share', question: 'brand_funnel_retail' }],
  [
    'Quelle part des femmes écoutent des podcasts plusieurs fois par semaine ?',
    { kind: 'share', question: 'podcast_listening_frequency', audience: ['Women'] },
  ],
  ["Quelle part des Allemands prévoient d'acheter une console de jeux ?", { kind: 'share', question: 'device_purchase_intent', market: ['de'] }],
  ['Quel pourcentage des indépendants investit dans les cryptomonnaies ?', { kind: 'share', question: 'investments_held', audience: ['Self-employed'] }],
  ['Quelle part des étudiantes utilise une liseuse ?', { kind: 'share', question: 'devices_owned', audience: ['Students'] }],
  ['Quelle part des hommes regarde des documentaires ?', { kind: 'share', question: 'tv_genres', audience: ['Men'] }],
  ['Quelle part des gens fait du jardinage régulièrement ?', { kind: 'share', question: 'hobbies' }],
  ['Combien de personnes ont remarqué des publicités à la télé le mois dernier ?', { kind: 'share', question: 'ad_channels_noticed' }],
  ['Quelle part des Espagnols a un prêt personnel ?', { kind: 'share', question: 'financial_products', market: ['es'] }],
  ['Quelle part des acheteurs en ligne paie avec une carte bancaire ?', { kind: 'share', question: 'payment_methods' }],
  ['Quelle part des gens dorment moins de six heures par nuit ?', { kind: 'share', question: 'sleep_hours' }],
];

describe('French vocabulary: prompts in the words of the catalogue', () => {
  it.each(cases)('%s', (prompt, expected) => {
    const p = answerPlan(prompt, catalogue);
    expect(p.kind).toBe(expected.kind);
    expect(p.topic?.question).toBe(expected.question);
    if (expected.audience) expect(p.audiences.map((a) => a.name)).toEqual(expected.audience);
    if (expected.market) expect(p.locations.map((l) => l.code)).toEqual(expected.market);
  });
});
