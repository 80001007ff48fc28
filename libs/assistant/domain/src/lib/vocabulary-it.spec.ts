import { evalCatalogue } from '../../eval/eval-catalogue';
import { answerPlan } from './testing/plan-answer';

/**
 * Italian prompts written from the demo catalogue with the words of the Italian phrase table
 * (`lexicon/languages/it.json`): people (studenti, pensionati, madri, laureati, lavoratori
 * autonomi), activities and products (fanno esercizio fisico, acquistano cosmetici, auricolari
 * wireless, gestore di password), and the ways of asking (quanto è diffuso, classifica, come è
 * aumentato, confronta), in their inflected forms. Each is planned against the demo catalogue.
 */
const catalogue = evalCatalogue('demo');

interface Case {
  prompt: string;
  kind: string;
  question: string;
  /** Datapoints the topic holds (all of them). */
  datapoints?: string[];
  /** The audiences' names, in order. */
  audiences?: string[];
  markets?: string[];
}

const ALL_MARKETS = ['us', 'gb', 'de', 'fr', 'es', 'br', 'jp', 'in', 'au'];

const CASES: Case[] = [
  {
    prompt: 'Quanti studenti in Germania guardano Netflix ogni giorno?',
    kind: 'share',
    question: 'streaming_services_used',
    datapoints: ['netflix'],
    audiences: ['Students'],
    markets: ['de'],
  },
  {
    prompt: "Come è aumentato l'uso di ChatGPT tra i giovani adulti negli ultimi anni?",
    kind: 'trend',
    question: 'ai_assistants_used',
    datapoints: ['chatgpt'],
    audiences: ['Gen Z'],
  },
  {
    prompt: 'Quali sono le marche di birra più popolari tra gli uomini in Spagna?',
    kind: 'ranking',
    question: 'favourite_brand_alcohol',
    audiences: ['Men'],
    markets: ['es'],
  },
  {
    prompt: "Confronta l'uso di Instagram tra le madri e i padri in Francia",
    kind: 'comparison',
    question: 'social_platform_usage',
    datapoints: ['instagram'],
    audiences: ['Mothers', 'Fathers'],
    markets: ['fr'],
  },
  {
    prompt: 'Quanto è diffusa la dieta vegana tra gli adolescenti nel Regno Unito?',
    kind: 'share',
    question: 'diets_followed',
    datapoints: ['vegan'],
    audiences: ['Gen Z'],
    markets: ['gb'],
  },
  {
    prompt: 'Classifica dei paesi per uso di Spotify',
    kind: 'comparison',
    question: 'music_streaming_services',
    datapoints: ['spotify'],
    markets: ALL_MARKETS,
  },
  {
    prompt: 'Qual è la percentuale di lavoratori autonomi che usano LinkedIn?',
    kind: 'share',
    question: 'social_platform_usage',
    datapoints: ['linkedin'],
    audiences: ['Self-employed'],
  },
  {
    prompt: 'Chi compra scarpe online più spesso, uomini o donne?',
    kind: 'comparison',
    question: 'online_purchases',
    datapoints: ['shoes'],
    audiences: ['Men', 'Women'],
  },
  {
    prompt: "L'uso di ChatGPT è diminuito tra gli studenti nell'ultimo anno?",
    kind: 'trend',
    question: 'ai_assistants_used',
    datapoints: ['chatgpt'],
    audiences: ['Students'],
  },
  { prompt: 'Quota di famiglie con un gatto in Brasile', kind: 'share', question: 'pets_owned', datapoints: ['cat'], markets: ['br'] },
  { prompt: 'Quanti clienti pagano con carta di debito in Germania?', kind: 'share', question: 'payment_methods', datapoints: ['debit_card'], markets: ['de'] },
  { prompt: 'Percentuale di persone che fanno esercizio fisico ogni settimana in Francia', kind: 'share', question: 'exercise_frequency', markets: ['fr'] },
  {
    prompt: 'Quanto è diffusa la meditazione tra le donne negli Stati Uniti?',
    kind: 'share',
    question: 'wellness_activities',
    datapoints: ['meditation'],
    audiences: ['Women'],
    markets: ['us'],
  },
  {
    prompt: 'Quanti pensionati fanno acquisti online in Giappone?',
    kind: 'ranking',
    question: 'online_shopping_frequency',
    audiences: ['Retired'],
    markets: ['jp'],
  },
  {
    prompt: 'Quante famiglie possiedono un’auto elettrica in Germania?',
    kind: 'share',
    question: 'car_ownership',
    datapoints: ['electric_car'],
    markets: ['de'],
  },
  {
    prompt: 'Quali sono le piattaforme social più usate dagli adolescenti in Brasile?',
    kind: 'ranking',
    question: 'social_platform_usage',
    audiences: ['Gen Z'],
    markets: ['br'],
  },
  {
    prompt: 'Quanto è diffuso il digiuno intermittente tra gli uomini negli Stati Uniti?',
    kind: 'share',
    question: 'diets_followed',
    datapoints: ['intermittent_fasting'],
    audiences: ['Men'],
    markets: ['us'],
  },
  {
    prompt: "Come è cambiato l'uso di Instagram tra le donne negli ultimi due anni?",
    kind: 'trend',
    question: 'social_platform_usage',
    datapoints: ['instagram'],
    audiences: ['Women'],
  },
  { prompt: 'Quanti studenti usano ChatGPT per i compiti?', kind: 'share', question: 'ai_assistants_used', datapoints: ['chatgpt'], audiences: ['Students'] },
  { prompt: 'Quali generi musicali ascoltano i giovani in Giappone?', kind: 'ranking', question: 'music_genres', audiences: ['Gen Z'], markets: ['jp'] },
  {
    prompt: 'Quante persone ascoltano podcast ogni giorno in Australia?',
    kind: 'share',
    question: 'podcast_listening_frequency',
    datapoints: ['daily'],
    markets: ['au'],
  },
  {
    prompt: 'Quante donne acquistano cosmetici online?',
    kind: 'share',
    question: 'online_purchases',
    datapoints: ['beauty_and_cosmetics'],
    audiences: ['Women'],
  },
  {
    prompt: 'Qual è la quota di mamme che comprano pannolini online?',
    kind: 'share',
    question: 'childrens_products_bought',
    datapoints: ['nappies_or_diapers'],
    audiences: ['Mothers'],
  },
  {
    prompt: "Come è diminuito l'uso di Facebook tra i giovani?",
    kind: 'trend',
    question: 'social_platform_usage',
    datapoints: ['facebook'],
    audiences: ['Gen Z'],
  },
  { prompt: 'Quanto tempo passano sui social media gli adolescenti?', kind: 'share', question: 'hours_social_media_per_day', audiences: ['Gen Z'] },
  {
    prompt: 'Percentuale di viaggiatori che prenotano con Airbnb',
    kind: 'share',
    question: 'travel_booking_channels',
    datapoints: ['airbnb_or_holiday_rental'],
  },
  { prompt: 'Chi possiede una console di gioco in Spagna?', kind: 'share', question: 'devices_owned', datapoints: ['games_console'], markets: ['es'] },
  { prompt: 'Quali sport praticano gli studenti universitari?', kind: 'ranking', question: 'sports_played', audiences: ['Students'] },
  { prompt: 'Quanti proprietari di cani vivono in città?', kind: 'share', question: 'pets_owned', datapoints: ['dog'], audiences: ['Urban'] },
  {
    prompt: 'Quanto sono diffusi i mutui tra i giovani adulti?',
    kind: 'share',
    question: 'financial_products',
    datapoints: ['mortgage'],
    audiences: ['Gen Z'],
  },
  { prompt: 'Quali marche di abbigliamento sportivo preferiscono le ragazze?', kind: 'ranking', question: 'favourite_brand_sportswear', audiences: ['Women'] },
  {
    prompt: "Confronta l'uso di WhatsApp tra uomini e donne in India",
    kind: 'comparison',
    question: 'social_platform_usage',
    datapoints: ['whatsapp'],
    audiences: ['Men', 'Women'],
    markets: ['in'],
  },
  {
    prompt: "Quanto è cresciuta la quota di utenti di TikTok in Francia dall'inizio del 2025?",
    kind: 'trend',
    question: 'social_platform_usage',
    datapoints: ['tiktok'],
    markets: ['fr'],
  },
  {
    prompt: 'Percentuale di persone che usano un gestore di password',
    kind: 'share',
    question: 'online_privacy_actions',
    datapoints: ['used_a_password_manager'],
  },
  { prompt: 'Quali sono i motivi principali per usare i social media?', kind: 'ranking', question: 'social_media_reasons' },
  { prompt: 'Quante persone leggono riviste di moda?', kind: 'share', question: 'magazine_types', datapoints: ['fashion'] },
  {
    prompt: 'In quale paese sono più diffusi gli auricolari wireless?',
    kind: 'comparison',
    question: 'devices_owned',
    datapoints: ['wireless_earbuds'],
    markets: ALL_MARKETS,
  },
  { prompt: "Quante persone hanno comprato scarpe online nell'ultimo mese?", kind: 'share', question: 'online_purchases', datapoints: ['shoes'] },
  { prompt: 'Percentuale di laureate che bevono vino', kind: 'share', question: 'drinks_consumed', datapoints: ['wine'], audiences: ['Graduates'] },
  { prompt: "Come è cresciuto l'utilizzo di Disney+ nel tempo?", kind: 'trend', question: 'streaming_services_used', datapoints: ['disney_plus'] },
];

describe('Italian vocabulary: prompts written from the catalogue are read as the English would be', () => {
  it.each(CASES)('$prompt', ({ prompt, kind, question, datapoints, audiences, markets }) => {
    const plan = answerPlan(prompt, catalogue);
    expect(plan.kind).toBe(kind);
    expect(plan.topic?.question).toBe(question);
    if (datapoints) expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(datapoints);
    if (audiences) expect(plan.audiences.map((a) => a.name)).toEqual(audiences);
    if (markets) expect(plan.locations.map((l) => l.code)).toEqual(markets);
  });
});
