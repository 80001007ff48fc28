/** Phrase tables of the planner: places, audiences, answer scales and names in the words people use. */

/**
 * Location code -> names, adjectives and demonyms (normalised), in the languages of the markets
 * in the data. Catalogue names are added at run time. "us" and "usa" are not here: as words
 * they are a pronoun and a Spanish verb, so the planner reads them as markets only in capitals
 * or after "the"/"in" (see `marketWord`).
 */
export const LOCATION_ALIASES: Record<string, string[]> = {
  us: [
    'united states',
    'united states of america',
    'u s a',
    'u s',
    'america',
    'american',
    'americans',
    'the states',
    'estados unidos',
    'eeuu',
    'ee uu',
    'estadounidenses',
    'estadounidense',
    'norteamericanos',
    'eua',
    'americanos',
    'etats unis',
    'americains',
    'amerika',
    'amerikaner',
    'vereinigte staaten',
    'vereinigten staaten',
  ],
  gb: [
    'united kingdom',
    'uk',
    'u k',
    'britain',
    'great britain',
    'british',
    'brits',
    'england',
    'reino unido',
    'britanicos',
    'britanicas',
    'royaume uni',
    'britanniques',
    'grande bretagne',
    'angleterre',
    'grossbritannien',
    'vereinigtes konigreich',
    'vereinigten konigreich',
    'briten',
    'inglaterra',
  ],
  de: ['germany', 'german', 'germans', 'alemania', 'alemanes', 'alemanas', 'alemanha', 'alemaes', 'allemagne', 'allemands', 'deutschland', 'deutsche', 'deutschen'],
  fr: ['france', 'french', 'francia', 'franceses', 'franca', 'francais', 'francaises', 'frankreich', 'franzosen'],
  es: ['spain', 'spanish', 'spaniards', 'espana', 'espanoles', 'espanha', 'espanhois', 'espagne', 'espagnols', 'spanien', 'spanier'],
  br: ['brazil', 'brazilian', 'brazilians', 'brasil', 'brasilenos', 'brasileiros', 'brasileiras', 'bresil', 'bresiliens', 'brasilien', 'brasilianer'],
  jp: ['japan', 'japanese', 'japon', 'japoneses', 'japao', 'japonais', 'japaner'],
  in: ['india', 'indian', 'indians', 'indios', 'indianos', 'indiens', 'indien', 'inde', 'inder'],
  au: ['australia', 'australian', 'australians', 'aussies', 'australianos', 'australie', 'australiens', 'australien', 'australier'],
};

/** Places the survey does not cover: named so the assistant can say so instead of ignoring them. */
export const OTHER_PLACES: Record<string, string[]> = {
  Canada: ['canada', 'canadian', 'canadians', 'canadienses', 'kanada'],
  Mexico: ['mexico', 'mexican', 'mexicans', 'mexicanos', 'mexiko'],
  Italy: ['italy', 'italian', 'italians', 'italia', 'italiens', 'italie', 'italien', 'italiener'],
  China: ['china', 'chinese', 'chine', 'chinesen'],
  Russia: ['russia', 'russian', 'russians', 'russland', 'russie'],
  Netherlands: ['netherlands', 'holland', 'dutch', 'niederlande', 'pays bas'],
  Sweden: ['sweden', 'swedish', 'swedes', 'schweden', 'suede'],
  Poland: ['poland', 'polish', 'polen', 'pologne'],
  'South Africa': ['south africa', 'south african', 'south africans'],
  Nigeria: ['nigeria', 'nigerian', 'nigerians'],
  Argentina: ['argentina', 'argentinian', 'argentinians', 'argentinos'],
  'South Korea': ['south korea', 'korea', 'korean', 'koreans', 'corea', 'coree', 'korea'],
  Indonesia: ['indonesia', 'indonesian', 'indonesians'],
  Ireland: ['ireland', 'irish', 'irland', 'irlande'],
  Switzerland: ['switzerland', 'swiss', 'schweiz', 'suisse'],
  Norway: ['norway', 'norwegian', 'norwegians'],
  Egypt: ['egypt', 'egyptian', 'egyptians'],
  Portugal: ['portugal', 'portuguese'],
  Austria: ['austria', 'osterreich', 'autriche'],
  Paris: ['paris'],
  London: ['london', 'londres'],
  Berlin: ['berlin'],
  Tokyo: ['tokyo'],
  'New York': ['new york'],
  Africa: ['africa', 'african', 'afrique', 'afrika'],
};

/** Regions: the markets of the data that lie in them, side by side. */
export const REGIONS: Record<string, { phrases: string[]; codes: string[] }> = {
  Europe: { phrases: ['europe', 'european', 'europeans', 'europa', 'europeos', 'european markets', 'european countries'], codes: ['gb', 'de', 'fr', 'es'] },
  'Asia-Pacific': { phrases: ['asia pacific', 'apac', 'asia', 'asian markets'], codes: ['jp', 'in', 'au'] },
};

/** Words that name every market together rather than one. */
export const ALL_MARKETS = ['worldwide', 'globally', 'global', 'all markets', 'all countries', 'every market', 'across markets', 'across all markets', 'overall'];

/**
 * Demographic phrases -> the curated audience they name (by name), with the standard expression
 * to use when no audience of that name is in the catalogue.
 */
export interface AudiencePhrase {
  phrases: string[];
  name: string;
  description: string;
  expression: Record<string, unknown>;
}

const leaf = (question: string, datapoints: string[]) => ({ question, datapoints });

export const AUDIENCE_PHRASES: AudiencePhrase[] = [
  {
    phrases: ['gen z', 'genz', 'gen zs', 'gen zers', 'generation z', 'zoomers', 'gen z ers', 'young people', 'young adults', 'teens', 'teenagers', 'youth'],
    name: 'Gen Z',
    description: 'Internet users aged 16-24.',
    expression: leaf('age_group', ['16_24']),
  },
  {
    phrases: ['millennials', 'millennial', 'millenials', 'millenial', 'gen y', 'generation y', 'millennial generation'],
    name: 'Millennials',
    description: 'Internet users aged 25-44.',
    expression: leaf('age_group', ['25_34', '35_44']),
  },
  {
    phrases: ['gen x', 'generation x', 'gen xers', 'gen x ers', 'genx'],
    name: 'Gen X',
    description: 'Internet users aged 45-54.',
    expression: leaf('age_group', ['45_54']),
  },
  {
    phrases: ['baby boomers', 'boomers', 'baby boomer', 'boomer', 'older people', 'seniors', 'older adults', 'elderly'],
    name: 'Baby boomers',
    description: 'Internet users aged 55-64.',
    expression: leaf('age_group', ['55_64']),
  },
  {
    phrases: ['women', 'woman', 'female', 'females', 'ladies', 'girls', 'womens'],
    name: 'Women',
    description: 'Female internet users.',
    expression: leaf('gender', ['female']),
  },
  { phrases: ['men', 'man', 'male', 'males', 'guys', 'boys', 'mens'], name: 'Men', description: 'Male internet users.', expression: leaf('gender', ['male']) },
  {
    phrases: ['mothers', 'mums', 'moms', 'mom', 'mum', 'mother'],
    name: 'Mothers',
    description: 'Female parents of children under 18.',
    expression: { and: [leaf('parent_status', ['parent']), leaf('gender', ['female'])] },
  },
  {
    phrases: ['fathers', 'dads', 'dad', 'father'],
    name: 'Fathers',
    description: 'Male parents of children under 18.',
    expression: { and: [leaf('parent_status', ['parent']), leaf('gender', ['male'])] },
  },
  {
    phrases: ['parents', 'parent', 'people with kids', 'people with children', 'families with children'],
    name: 'Parents',
    description: 'Parents of children under 18.',
    expression: leaf('parent_status', ['parent']),
  },
  {
    phrases: ['non parents', 'nonparents', 'non parent', 'people without children', 'people without kids', 'childless', 'not parents'],
    name: 'Non-parents',
    description: 'Not parents of children under 18.',
    expression: leaf('parent_status', ['not_parent']),
  },
  {
    phrases: ['high income', 'high earners', 'high earning', 'affluent', 'wealthy', 'rich', 'top earners', 'higher income', 'high income earners'],
    name: 'High income',
    description: 'Top third of household income.',
    expression: leaf('income_group', ['high']),
  },
  {
    phrases: ['low income', 'low earners', 'low earning', 'poorer', 'lower income', 'low income earners'],
    name: 'Low income',
    description: 'Bottom third of household income.',
    expression: leaf('income_group', ['low']),
  },
  {
    phrases: ['middle income', 'medium income', 'mid income'],
    name: 'Middle income',
    description: 'Middle third of household income.',
    expression: leaf('income_group', ['medium']),
  },
  {
    phrases: ['gamers', 'gamer'],
    name: 'Gamers',
    description: 'Interested in gaming or own a games console.',
    expression: { or: [leaf('interests', ['gaming']), leaf('devices_owned', ['games_console', 'handheld_games_console'])] },
  },
  { phrases: ['students', 'student', 'estudiantes', 'etudiants', 'studenten', 'estudantes'], name: 'Students', description: 'Students.', expression: leaf('employment_status', ['student']) },
  { phrases: ['retirees', 'retired people', 'retired', 'pensioners'], name: 'Retired', description: 'Retired.', expression: leaf('employment_status', ['retired']) },
  { phrases: ['unemployed', 'jobseekers', 'job seekers'], name: 'Unemployed', description: 'Unemployed.', expression: leaf('employment_status', ['unemployed']) },
  { phrases: ['self employed', 'freelancers'], name: 'Self-employed', description: 'Self-employed.', expression: leaf('employment_status', ['self_employed']) },
  {
    phrases: ['full time workers', 'full time employees', 'full timers'],
    name: 'Full-time employed',
    description: 'Full-time employed.',
    expression: leaf('employment_status', ['full_time_employed']),
  },
  { phrases: ['married people', 'married'], name: 'Married', description: 'Married.', expression: leaf('marital_status', ['married']) },
  { phrases: ['singles', 'single people'], name: 'Single', description: 'Single.', expression: leaf('marital_status', ['single']) },
  { phrases: ['city dwellers', 'urban', 'urbanites', 'city people'], name: 'Urban', description: 'Live in a city.', expression: leaf('urbanicity', ['urban']) },
  { phrases: ['suburban'], name: 'Suburban', description: 'Live in a suburb.', expression: leaf('urbanicity', ['suburban']) },
  { phrases: ['rural', 'countryside'], name: 'Rural', description: 'Live in the countryside.', expression: leaf('urbanicity', ['rural']) },
  {
    phrases: ['graduates', 'university graduates', 'college graduates', 'degree holders'],
    name: 'Graduates',
    description: "Bachelor's or postgraduate degree.",
    expression: leaf('education_level', ['bachelor_s_degree', 'postgraduate_degree']),
  },
  { phrases: ['homeowners', 'home owners'], name: 'Homeowners', description: 'Own their home.', expression: leaf('home_ownership', ['own_outright', 'own_with_a_mortgage']) },
  { phrases: ['renters', 'tenants'], name: 'Renters', description: 'Rent their home.', expression: leaf('home_ownership', ['rent']) },
  { phrases: ['dog owners'], name: 'Dog owners', description: 'Have a dog.', expression: leaf('pets_owned', ['dog']) },
  { phrases: ['cat owners'], name: 'Cat owners', description: 'Have a cat.', expression: leaf('pets_owned', ['cat']) },
  {
    phrases: ['business decision makers', 'decision makers', 'executives', 'c suite'],
    name: 'Business decision makers',
    description: 'Owners, C-level and senior managers.',
    expression: leaf('job_seniority', ['owner_or_c_level', 'senior_manager']),
  },
  { phrases: ['early adopters', 'tech early adopters'], name: 'Tech early adopters', description: 'Innovators and early adopters of technology.', expression: leaf('tech_adoption', ['innovator', 'early_adopter']) },
  { phrases: ['ev drivers', 'ev owners', 'electric car drivers', 'electric car owners', 'electric vehicle owners'], name: 'Electric car drivers', description: 'Household owns an electric car.', expression: leaf('car_ownership', ['electric_car']) },
  { phrases: ['smokers'], name: 'Smokers', description: 'Smoke cigarettes.', expression: leaf('smoking_status', ['smoke_cigarettes', 'both']) },
  { phrases: ['vapers'], name: 'Vapers', description: 'Vape.', expression: leaf('smoking_status', ['vape', 'both']) },
  { phrases: ['power users', 'social media power users', 'heavy social media users'], name: 'Social media power users', description: 'Use at least five social platforms.', expression: {} },
  { phrases: ['ai users', 'genai users', 'generative ai users', 'chatbot users'], name: 'Generative AI users', description: 'Used a generative AI tool in the last month.', expression: {} },
  { phrases: ['eco conscious', 'eco conscious consumers', 'green consumers'], name: 'Eco-conscious consumers', description: 'Agree they would pay more for eco-friendly products.', expression: {} },
  { phrases: ['premium shoppers'], name: 'Premium shoppers', description: 'Agree they pay more for premium brands.', expression: {} },
];

/** The age bands of `age_group`: [code, low, high]. */
export const AGE_BANDS: [string, number, number][] = [
  ['16_24', 16, 24],
  ['25_34', 25, 34],
  ['35_44', 35, 44],
  ['45_54', 45, 54],
  ['55_64', 55, 64],
];

/**
 * Answer-scale words -> the suffix name they point to (normalised). Frequency words also name
 * the datapoints of frequency questions ("listen to podcasts daily").
 */
export const SUFFIX_ALIASES: Record<string, string[]> = {
  daily: ['daily', 'every day', 'each day', 'everyday', 'day to day', 'once a day', 'a day'],
  weekly: ['weekly', 'every week', 'each week', 'once a week'],
  monthly: ['monthly', 'every month', 'each month', 'once a month'],
  'less often': ['less often', 'rarely', 'less than monthly'],
  'aware of': ['aware of', 'aware', 'heard of', 'know of', 'awareness', 'know', 'familiar with', 'recognise', 'recognize'],
  'would consider': ['would consider', 'consider', 'consideration', 'considering', 'open to'],
  'used or bought in the last 12 months': ['bought', 'buy', 'purchased', 'used or bought', 'customers', 'customer', 'usage', 'purchase', 'purchasing', 'buying', 'use', 'used'],
  'strongly agree': ['strongly agree', 'strongly agrees'],
  agree: ['agree', 'agrees', 'agreeing'],
  disagree: ['disagree', 'disagrees'],
  'strongly disagree': ['strongly disagree'],
  'is a brand i trust': ['trust', 'trusted', 'trustworthy', 'trusts'],
  'is innovative': ['innovative', 'innovation'],
  'is good value for money': ['good value', 'value for money', 'affordable'],
  'is a premium brand': ['premium', 'upmarket', 'luxury'],
  'cares about sustainability': ['sustainable', 'sustainability', 'eco friendly', 'green'],
};

/** Words that carry a suffix only in a grid that asks about it, not "use" in general (see the planner). */
export const WEAK_SUFFIX_WORDS = new Set(['use', 'used', 'usage', 'know', 'green', 'luxury', 'premium', 'trust', 'a day']);

/** Topic words -> words the catalogue uses for them (stems are compared after this expansion). */
export const TOPIC_SYNONYMS: Record<string, string[]> = {
  socials: ['social', 'media'],
  'social media': ['social', 'platform'],
  'social networks': ['social', 'platform'],
  'social platforms': ['social', 'platform'],
  apps: ['platform'],
  sites: ['platform'],
  tv: ['television', 'tv'],
  telly: ['television', 'tv'],
  films: ['film', 'movie'],
  movies: ['film'],
  ai: ['ai', 'assistant'],
  chatbots: ['ai', 'assistant'],
  crypto: ['cryptocurrency', 'investment'],
  bitcoin: ['cryptocurrency', 'investment'],
  holidays: ['holiday', 'travel'],
  vacation: ['holiday', 'travel'],
  vacations: ['holiday', 'travel'],
  sport: ['sports'],
  workout: ['exercise', 'fitness'],
  podcast: ['podcasts'],
  phones: ['smartphone', 'device'],
  phone: ['smartphone', 'device'],
  streaming: ['streaming', 'video'],
  news: ['news'],
  shop: ['shopping', 'online'],
  hobby: ['hobbies'],
  games: ['game', 'title'],
  'ai for': ['generative', 'task'],
  'use ai for': ['generative', 'task'],
  'use it for': ['task'],
  gadgets: ['devices'],
  consoles: ['console'],
  music: ['music'],
  brands: ['brand'],
  sneakers: ['sportswear'],
  trainers: ['sportswear'],
  cars: ['car'],
  banks: ['bank'],
  airlines: ['airline'],
  hotels: ['hotel'],
};

/**
 * Other names of datapoints (normalised phrase -> datapoint codes, bare for every question that
 * has the code or as `question.code`): short forms, old names, products named after their brand.
 */
export const DATAPOINT_ALIASES: Record<string, string[]> = {
  twitter: ['x_twitter'],
  'x twitter': ['x_twitter'],
  insta: ['instagram'],
  ig: ['instagram'],
  fb: ['facebook'],
  yt: ['youtube'],
  'you tube': ['youtube'],
  'whats app': ['whatsapp'],
  'tik tok': ['tiktok'],
  'chat gpt': ['chatgpt'],
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
  klarna: ['buy_now_pay_later'],
  bitcoin: ['cryptocurrency'],
  crypto: ['cryptocurrency'],
  vpn: ['used_a_vpn'],
  vpns: ['used_a_vpn'],
  'ad blocker': ['used_an_ad_blocker'],
  'ad blockers': ['used_an_ad_blocker'],
  coke: ['coca_cola'],
  'coca cola': ['coca_cola'],
  mcdonalds: ['mcdonald_s'],
  'mc donalds': ['mcdonald_s'],
  vaping: ['smoking_status.vape', 'smoking_status.both'],
  vape: ['smoking_status.vape', 'smoking_status.both'],
  smoking: ['smoking_status.smoke_cigarettes', 'smoking_status.both'],
  'top income third': ['income_group.high'],
  'top third of income': ['income_group.high'],
  'bottom income third': ['income_group.low'],
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
};

/** Nouns that make a datapoint a group of people ("TikTok users", "Netflix subscribers"). */
export const GROUP_NOUNS = new Set([
  'users',
  'user',
  'owners',
  'owner',
  'subscribers',
  'subscriber',
  'customers',
  'customer',
  'buyers',
  'buyer',
  'fans',
  'fan',
  'drivers',
  'driver',
  'players',
  'player',
  'listeners',
  'listener',
  'viewers',
  'viewer',
  'watchers',
  'shoppers',
  'followers',
  'holders',
  'members',
  'readers',
  'lovers',
  'enthusiasts',
]);
