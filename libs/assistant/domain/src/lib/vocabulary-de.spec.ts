import { evalCatalogue } from '../../eval/eval-catalogue';
import { AnalysisPlan } from './assistant.types';
import { answerPlan } from './testing/plan-answer';

/*
 * German prompts written from the demo catalogue, with the words of the German phrase table
 * (lexicon/languages/de.json) in their forms: nouns for people in singular, plural and feminine
 * forms, verbs in the third person, the plural and the participle, compounds as whole words, and
 * the idioms of asking (share, how many, which most, over time, risen or fallen).
 */
const catalogue = evalCatalogue('demo');

interface Expected {
  kind: AnalysisPlan['kind'];
  question: string;
  datapoints?: string[];
  audiences?: string[];
  markets?: string[];
}

const CASES: [string, Expected][] = [
  [
    'Wie viel Prozent der Selbstständigen besitzen ein Hybridauto?',
    { kind: 'share', question: 'car_ownership', datapoints: ['hybrid_car'], audiences: ['Self-employed'] },
  ],
  [
    'Wie viele Rentner hören täglich Radio in Deutschland?',
    { kind: 'share', question: 'radio_listening_frequency', datapoints: ['daily'], audiences: ['Retired'], markets: ['de'] },
  ],
  [
    'Welche Altersgruppe nutzt am häufigsten ChatGPT?',
    {
      kind: 'comparison',
      question: 'ai_assistants_used',
      datapoints: ['chatgpt'],
      audiences: ['Age group: 16-24', 'Age group: 25-34', 'Age group: 35-44', 'Age group: 45-54', 'Age group: 55-64'],
    },
  ],
  [
    'Wie hat sich die Nutzung von TikTok in Spanien im Laufe der Zeit entwickelt?',
    { kind: 'trend', question: 'social_platform_usage', datapoints: ['tiktok'], markets: ['es'] },
  ],
  [
    'Nutzen Frauen oder Männer häufiger Pinterest?',
    { kind: 'comparison', question: 'social_platform_usage', datapoints: ['pinterest'], audiences: ['Women', 'Men'] },
  ],
  [
    'Vergleiche Eltern und Kinderlose bei der Nutzung von Disney+.',
    { kind: 'comparison', question: 'streaming_services_used', datapoints: ['disney_plus'], audiences: ['Parents', 'Non-parents'] },
  ],
  ['Wie viele Menschen in Brasilien ernähren sich vegan?', { kind: 'share', question: 'diets_followed', datapoints: ['vegan'], markets: ['br'] }],
  ['Welche Diäten sind bei Frauen am beliebtesten?', { kind: 'ranking', question: 'diets_followed', audiences: ['Women'] }],
  ['Wie viele Vegetarier gibt es in Deutschland?', { kind: 'share', question: 'diets_followed', datapoints: ['vegetarian'], markets: ['de'] }],
  [
    'Wie viel Prozent der Arbeitslosen rauchen Zigaretten?',
    { kind: 'share', question: 'smoking_status', datapoints: ['smoke_cigarettes'], audiences: ['Unemployed'] },
  ],
  [
    'Welcher Anteil der Besserverdiener besitzt Aktien?',
    { kind: 'share', question: 'investments_held', datapoints: ['stocks_and_shares'], audiences: ['High income'] },
  ],
  ['Wie verbreitet ist die Nutzung von KI-Assistenten unter Akademikern?', { kind: 'ranking', question: 'ai_assistants_used', audiences: ['Graduates'] }],
  [
    'In welchem Land ist Spotify am beliebtesten?',
    { kind: 'comparison', question: 'music_streaming_services', datapoints: ['spotify'], markets: ['us', 'gb', 'de', 'fr', 'es', 'br', 'jp', 'in', 'au'] },
  ],
  [
    'Wie viele Stunden pro Tag verbringen Jugendliche in sozialen Netzwerken?',
    { kind: 'ranking', question: 'hours_social_media_per_day', audiences: ['Gen Z'] },
  ],
  ['Wie oft trinken Studentinnen Alkohol?', { kind: 'ranking', question: 'alcohol_frequency', audiences: ['Students'] }],
  ['Wie viel Prozent der Mieter besitzen ein Elektroauto?', { kind: 'share', question: 'car_ownership', datapoints: ['electric_car'], audiences: ['Renters'] }],
  ['Welche Streamingdienste werden in Japan am meisten genutzt?', { kind: 'ranking', question: 'streaming_services_used', markets: ['jp'] }],
  [
    'Wie hoch ist der Anteil der Kaffeetrinker unter den Babyboomern?',
    { kind: 'share', question: 'drinks_consumed', datapoints: ['coffee'], audiences: ['Baby boomers'] },
  ],
  [
    'Wie viele Teilzeitbeschäftigte treiben täglich Sport?',
    { kind: 'share', question: 'exercise_frequency', datapoints: ['every_day'], audiences: ['Part-time employed'] },
  ],
  [
    'Wie viele Vollzeitbeschäftigte haben eine Smartwatch?',
    { kind: 'share', question: 'devices_owned', datapoints: ['smartwatch'], audiences: ['Full-time employed'] },
  ],
  ['Welche Geräte planen die Deutschen in den nächsten 12 Monaten zu kaufen?', { kind: 'ranking', question: 'device_purchase_intent', markets: ['de'] }],
  ['Welche Hobbys haben Rentnerinnen?', { kind: 'ranking', question: 'hobbies', audiences: ['Retired'] }],
  [
    'Wie viel Prozent der Hausbesitzer haben smarte Lautsprecher?',
    { kind: 'share', question: 'devices_owned', datapoints: ['smart_speaker'], audiences: ['Homeowners'] },
  ],
  [
    'Wie viele Akademiker hören wöchentlich Podcasts?',
    { kind: 'share', question: 'podcast_listening_frequency', datapoints: ['weekly'], audiences: ['Graduates'] },
  ],
  ['Wie viele Veganerinnen gibt es unter der Gen Z?', { kind: 'share', question: 'diets_followed', datapoints: ['vegan'], audiences: ['Gen Z'] }],
  [
    'Ist der Anteil der Instagram-Nutzer in Frankreich gestiegen oder gesunken?',
    { kind: 'trend', question: 'social_platform_usage', datapoints: ['instagram'], markets: ['fr'] },
  ],
  ['Wie viele Befragte achten auf Nachhaltigkeit beim Einkaufen?', { kind: 'ranking', question: 'sustainable_actions' }],
  [
    'Wie viel Prozent der Frauen kauften im letzten Monat Kosmetik online?',
    { kind: 'share', question: 'online_purchases', datapoints: ['beauty_and_cosmetics'], audiences: ['Women'] },
  ],
  ['Wie viele Gutverdiener haben eine Hypothek?', { kind: 'share', question: 'financial_products', datapoints: ['mortgage'], audiences: ['High income'] }],
  [
    'Ist Netflix bei Frauen beliebter als bei Männern?',
    { kind: 'comparison', question: 'streaming_services_used', datapoints: ['netflix'], audiences: ['Women', 'Men'] },
  ],
  ['Wie hat sich der Anteil der Spotify-Nutzer seit letztem Jahr verändert?', { kind: 'trend', question: 'music_streaming_services', datapoints: ['spotify'] }],
  ['Wie viele Menschen in Großbritannien fahren ein Elektroauto?', { kind: 'share', question: 'car_ownership', datapoints: ['electric_car'], markets: ['gb'] }],
  ['Welche Marken von Sportbekleidung kaufen Männer am häufigsten?', { kind: 'ranking', question: 'brand_funnel_sportswear', audiences: ['Men'] }],
  ['Wie viele Leute interessieren sich für Gartenarbeit?', { kind: 'share', question: 'interests', datapoints: ['gardening'] }],
  ['Welche Nachrichtenthemen verfolgen Frauen am meisten?', { kind: 'ranking', question: 'news_topics', audiences: ['Women'] }],
  ['Wie viele Menschen meditieren regelmäßig?', { kind: 'share', question: 'wellness_activities', datapoints: ['meditation'] }],
  ['Wie viele Dieselautos gibt es in Haushalten in Spanien?', { kind: 'share', question: 'car_ownership', datapoints: ['diesel_car'], markets: ['es'] }],
  ['Welche Urlaubsarten sind bei Rentnern beliebt?', { kind: 'ranking', question: 'travel_types', audiences: ['Retired'] }],
];

describe('German prompts read through the German phrase table', () => {
  it.each(CASES)('%s', (prompt, expected) => {
    const p = answerPlan(prompt, catalogue);
    expect(p.kind).toBe(expected.kind);
    expect(p.topic?.question).toBe(expected.question);
    if (expected.datapoints) expect(p.topic?.datapoints.map((d) => d.code)).toEqual(expected.datapoints);
    expect(p.audiences.map((a) => a.name)).toEqual(expected.audiences ?? ['All respondents']);
    expect(p.locations.map((l) => l.code)).toEqual(expected.markets ?? []);
  });
});
