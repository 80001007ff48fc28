/**
 * Other names of the demo survey's answers, as people write them: short forms and nicknames
 * ("insta", "fb", "coke"), old names ("twitter"), products named after their brand ("iphone"),
 * the answer in another language ("hund", "perro") or script (ネットフリックス). They belong to this survey's catalogue (an
 * import of another survey brings its own, or none): each phrase (normalised words) names the
 * datapoints with that code in every question, or one question's as `question.code`.
 */
export const DATAPOINT_ALIASES: Record<string, string[]> = {
  twitter: ['x_twitter'],
  'x twitter': ['x_twitter'],
  insta: ['instagram'],
  ig: ['instagram'],
  fb: ['facebook'],
  snap: ['snapchat'],
  yt: ['youtube'],
  'you tube': ['youtube'],
  'whats app': ['whatsapp'],
  'tik tok': ['tiktok'],
  'chat gpt': ['chatgpt'],
  etf: ['etfs'],
  gpt: ['chatgpt'],
  gemini: ['google_gemini'],
  copilot: ['microsoft_copilot'],
  disney: ['disney_plus', 'disney'],
  'disney plus': ['disney_plus'],
  'prime video': ['amazon_prime_video'],
  'amazon prime': ['amazon_prime_video', 'amazon_prime'],
  hbo: ['hbo_max'],
  max: ['hbo_max'],
  'apple tv': ['apple_tv_plus'],
  'apple tv plus': ['apple_tv_plus'],
  'paramount plus': ['paramount_plus'],
  paramount: ['paramount_plus'],
  iphone: ['apple'],
  iphones: ['apple'],
  ev: ['electric_car'],
  evs: ['electric_car'],
  'electric vehicle': ['electric_car'],
  'electric vehicles': ['electric_car'],
  'electric cars': ['electric_car'],
  f1: ['formula_1'],
  'formula one': ['formula_1'],
  soccer: ['football'],
  ps5: ['playstation_5'],
  'ps 5': ['playstation_5'],
  gta: ['grand_theft_auto'],
  cod: ['call_of_duty'],
  lol: ['league_of_legends'],
  bnpl: ['buy_now_pay_later'],
  'oat milk': ['plant_based_milk'],
  'almond milk': ['plant_based_milk'],
  'soy milk': ['plant_based_milk'],
  amex: ['american_express'],
  klarna: ['buy_now_pay_later'],
  bitcoin: ['cryptocurrency'],
  crypto: ['cryptocurrency'],
  vpn: ['used_a_vpn'],
  vpns: ['used_a_vpn'],
  'ad blocker': ['used_an_ad_blocker'],
  'ad blockers': ['used_an_ad_blocker'],
  coke: ['coca_cola'],
  // Brands by the short names people give them ("bmw vs mercedes", "vw drivers", "chevy").
  mercedes: ['mercedes_benz'],
  merc: ['mercedes_benz'],
  benz: ['mercedes_benz'],
  vw: ['volkswagen'],
  chevy: ['chevrolet'],
  'coca cola': ['coca_cola'],
  mcdonalds: ['mcdonald_s'],
  'mc donalds': ['mcdonald_s'],
  vaping: ['smoking_status.vape', 'smoking_status.both'],
  vape: ['smoking_status.vape', 'smoking_status.both'],
  smoking: ['smoking_status.smoke_cigarettes', 'smoking_status.both'],
  'top income third': ['income_group.high'],
  'top third of income': ['income_group.high'],
  'bottom income third': ['income_group.low'],
  gym: ['sports_played.gym_workouts'],
  vegetarianism: ['vegetarian'],
  veganism: ['vegan'],
  hund: ['pets_owned.dog'],
  katze: ['pets_owned.cat'],
  perro: ['pets_owned.dog'],
  chien: ['pets_owned.dog'],
  cachorro: ['pets_owned.dog'],
  'coche electrico': ['electric_car'],
  'voiture electrique': ['electric_car'],
  'carro eletrico': ['electric_car'],
  elektroauto: ['electric_car'],
  'tiktok shop': ['tiktok_activities.shop_on_tiktok_shop'],
  // Kinds of car said alone ("hybrid drivers", "a diesel"), and trips by their purpose.
  hybrid: ['car_ownership.hybrid_car'],
  diesel: ['car_ownership.diesel_car'],
  petrol: ['car_ownership.petrol_car'],
  'travel for work': ['travel_types.business_trip'],
  'travelling for work': ['travel_types.business_trip'],
  'traveling for work': ['travel_types.business_trip'],
  'work trips': ['travel_types.business_trip'],
  // The outlook said as the change expected ("finances to get worse").
  'get better': ['financial_outlook.much_better', 'financial_outlook.a_little_better'],
  'get worse': ['financial_outlook.much_worse', 'financial_outlook.a_little_worse'],
  'better off': ['financial_outlook.much_better', 'financial_outlook.a_little_better'],
  'worse off': ['financial_outlook.much_worse', 'financial_outlook.a_little_worse'],
  // Members of a gym hold its membership; "gym" alone is the workout.
  'gym members': ['subscriptions_held.gym_membership'],
  'gym member': ['subscriptions_held.gym_membership'],
  // Brand names as Japanese writes them, in katakana.
  ネットフリックス: ['netflix'],
  ディズニープラス: ['disney_plus'],
  ディズニー: ['disney_plus', 'disney'],
  アマゾンプライムビデオ: ['amazon_prime_video'],
  プライムビデオ: ['amazon_prime_video'],
  ユーチューブ: ['youtube'],
  ユーチューブプレミアム: ['youtube_premium'],
  クランチロール: ['crunchyroll'],
  フールー: ['hulu'],
  スポティファイ: ['spotify'],
  ティックトック: ['tiktok'],
  インスタグラム: ['instagram'],
  インスタ: ['instagram'],
  フェイスブック: ['facebook'],
  ツイッター: ['x_twitter'],
  アップルペイ: ['apple_pay'],
  ウーバーイーツ: ['uber_eats'],
  グッチ: ['gucci'],
};

/** The aliases of one datapoint of one question, in the order of the table. */
export function aliasesOf(question: string, datapoint: string): string[] {
  const out: string[] = [];
  for (const [alias, codes] of Object.entries(DATAPOINT_ALIASES)) if (codes.includes(datapoint) || codes.includes(`${question}.${datapoint}`)) out.push(alias);
  return out;
}

/**
 * Other names of the demo survey's questions, as people write them ("line of work" for the
 * occupation sector): the assistant reads them as words of the question's name, and a breakdown
 * "by line of work" as its groups. They belong to this survey's catalogue, as the answers' do.
 */
export const QUESTION_ALIASES: Record<string, string[]> = {
  occupation_sector: ['line of work', 'occupation', 'profession', 'industry', 'job'],
  brand_funnel_delivery: ['delivery apps', 'food delivery apps'],
  ai_use_cases: ['ai use cases', 'use cases'],
};
