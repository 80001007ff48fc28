/** Phrase tables of the planner: places, audiences and answer scales in the words people use. */

/** Location code -> names, adjectives and demonyms (normalised). Catalogue names are added at run time. */
export const LOCATION_ALIASES: Record<string, string[]> = {
  us: ['united states', 'united states of america', 'usa', 'u s a', 'america', 'american', 'americans', 'the states'],
  gb: ['united kingdom', 'uk', 'u k', 'britain', 'great britain', 'british', 'brits', 'england', 'english'],
  de: ['germany', 'german', 'germans'],
  fr: ['france', 'french'],
  es: ['spain', 'spanish', 'spaniards'],
  br: ['brazil', 'brazilian', 'brazilians'],
  jp: ['japan', 'japanese'],
  in: ['india', 'indian', 'indians'],
  au: ['australia', 'australian', 'australians', 'aussies'],
};

/** Places the survey does not cover: named so the assistant can say so instead of ignoring them. */
export const OTHER_PLACES: Record<string, string[]> = {
  Canada: ['canada', 'canadian', 'canadians'],
  Mexico: ['mexico', 'mexican', 'mexicans'],
  Italy: ['italy', 'italian', 'italians'],
  China: ['china', 'chinese'],
  Russia: ['russia', 'russian', 'russians'],
  Netherlands: ['netherlands', 'holland', 'dutch'],
  Sweden: ['sweden', 'swedish', 'swedes'],
  Poland: ['poland', 'polish'],
  'South Africa': ['south africa', 'south african', 'south africans'],
  Nigeria: ['nigeria', 'nigerian', 'nigerians'],
  Argentina: ['argentina', 'argentinian', 'argentinians'],
  'South Korea': ['south korea', 'korea', 'korean', 'koreans'],
  Indonesia: ['indonesia', 'indonesian', 'indonesians'],
  Ireland: ['ireland', 'irish'],
  Switzerland: ['switzerland', 'swiss'],
  Norway: ['norway', 'norwegian', 'norwegians'],
  Egypt: ['egypt', 'egyptian', 'egyptians'],
  Paris: ['paris'],
  London: ['london'],
  'New York': ['new york'],
  Europe: ['europe', 'european', 'europeans'],
  Asia: ['asia', 'asian'],
};

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
    phrases: ['gen z', 'genz', 'generation z', 'zoomers', 'young people', 'young adults'],
    name: 'Gen Z',
    description: 'Internet users aged 16-24.',
    expression: leaf('age_group', ['16_24']),
  },
  {
    phrases: ['millennials', 'millennial', 'gen y', 'generation y'],
    name: 'Millennials',
    description: 'Internet users aged 25-44.',
    expression: leaf('age_group', ['25_34', '35_44']),
  },
  { phrases: ['gen x', 'generation x', 'gen xers'], name: 'Gen X', description: 'Internet users aged 45-54.', expression: leaf('age_group', ['45_54']) },
  {
    phrases: ['baby boomers', 'boomers', 'baby boomer', 'boomer'],
    name: 'Baby boomers',
    description: 'Internet users aged 55-64.',
    expression: leaf('age_group', ['55_64']),
  },
  {
    phrases: ['women', 'woman', 'female', 'females', 'ladies', 'girls'],
    name: 'Women',
    description: 'Female internet users.',
    expression: leaf('gender', ['female']),
  },
  { phrases: ['men', 'man', 'male', 'males', 'guys', 'boys'], name: 'Men', description: 'Male internet users.', expression: leaf('gender', ['male']) },
  {
    phrases: ['mothers', 'mums', 'moms', 'mom', 'mum'],
    name: 'Mothers',
    description: 'Female parents of children under 18.',
    expression: { and: [leaf('parent_status', ['parent']), leaf('gender', ['female'])] },
  },
  {
    phrases: ['fathers', 'dads', 'dad'],
    name: 'Fathers',
    description: 'Male parents of children under 18.',
    expression: { and: [leaf('parent_status', ['parent']), leaf('gender', ['male'])] },
  },
  { phrases: ['parents', 'parent'], name: 'Parents', description: 'Parents of children under 18.', expression: leaf('parent_status', ['parent']) },
  {
    phrases: ['non parents', 'nonparents', 'people without children', 'childless'],
    name: 'Non-parents',
    description: 'Not parents of children under 18.',
    expression: leaf('parent_status', ['not_parent']),
  },
  {
    phrases: ['high income', 'high earners', 'high earning', 'affluent', 'wealthy', 'rich', 'top earners'],
    name: 'High income',
    description: 'Top third of household income.',
    expression: leaf('income_group', ['high']),
  },
  {
    phrases: ['low income', 'low earners', 'low earning', 'poorer'],
    name: 'Low income',
    description: 'Bottom third of household income.',
    expression: leaf('income_group', ['low']),
  },
  {
    phrases: ['middle income', 'medium income'],
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
];

/** The age bands of `age_group`: [code, low, high]. */
export const AGE_BANDS: [string, number, number][] = [
  ['16_24', 16, 24],
  ['25_34', 25, 34],
  ['35_44', 35, 44],
  ['45_54', 45, 54],
  ['55_64', 55, 64],
];

/** Answer-scale words -> the suffix name they point to (normalised). */
export const SUFFIX_ALIASES: Record<string, string[]> = {
  daily: ['daily', 'every day', 'each day', 'everyday', 'day to day'],
  weekly: ['weekly', 'every week', 'each week'],
  monthly: ['monthly', 'every month', 'each month'],
  'less often': ['less often', 'rarely'],
  'aware of': ['aware of', 'aware', 'heard of', 'know of', 'awareness'],
  'would consider': ['would consider', 'consider', 'consideration'],
  'used or bought in the last 12 months': ['bought', 'buy', 'purchased', 'used or bought', 'customers', 'usage'],
  'strongly agree': ['strongly agree'],
  agree: ['agree', 'agrees'],
  disagree: ['disagree', 'disagrees'],
};

/** Topic words -> words the catalogue uses for them (stems are compared after this expansion). */
export const TOPIC_SYNONYMS: Record<string, string[]> = {
  socials: ['social', 'media'],
  'social media': ['social', 'platform'],
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
  sport: ['sports'],
  workout: ['exercise', 'fitness'],
  podcast: ['podcasts'],
  phones: ['smartphone', 'device'],
  phone: ['smartphone', 'device'],
  streaming: ['streaming', 'video'],
  news: ['news'],
  shop: ['shopping', 'online'],
};
