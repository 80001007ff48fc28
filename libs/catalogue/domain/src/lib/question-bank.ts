import {
  agreementGrid,
  BRAND_STATEMENTS,
  dps,
  fixedDps,
  FREQUENCY,
  FUNNEL,
  fx,
  multi,
  q,
  QuestionDef,
  single,
  slug,
} from './question-definitions';

/** Category tree per dataset: [key, name, description, parent key | null]. */
export const CATEGORY_DEFS: Record<string, [string, string, string, string | null][]> = {
  core: [
    ['demographics', 'Demographics', 'Who people are: age, gender, family, income, work and education.', null],
    ['demographics.age_gender', 'Age and gender', 'Age groups, generations and gender.', 'demographics'],
    ['demographics.household', 'Household and family', 'Parents, children, household size and home.', 'demographics'],
    ['demographics.income_work', 'Income and work', 'Household income, employment and occupation.', 'demographics'],
    ['demographics.education', 'Education', 'Highest level of education completed.', 'demographics'],
    ['media', 'Media consumption', 'Time spent with media, TV, streaming, music, podcasts and news.', null],
    ['media.time', 'Time spent online and with media', 'Hours per day online, on social media and watching TV.', 'media'],
    ['media.tv_video', 'TV and video streaming', 'Streaming services, TV genres and viewing habits.', 'media'],
    ['media.audio', 'Music, radio and podcasts', 'Music streaming, genres, podcasts and radio.', 'media'],
    ['media.news', 'News and information', 'Where people get their news.', 'media'],
    ['social', 'Social media', 'Social platforms, how often they are used and what people do on them.', null],
    ['social.platforms', 'Social platforms', 'Platform usage and frequency (TikTok, Instagram, Facebook, YouTube...).', 'social'],
    ['social.activities', 'Social media activities and motivations', 'Why and how people use social networks.', 'social'],
    ['devices', 'Technology and devices', 'Devices owned, smartphones, smart home, AI assistants and online behaviour.', null],
    ['devices.owned', 'Devices owned', 'Smartphones, laptops, tablets, wearables, consoles.', 'devices'],
    ['devices.smart_home', 'Smart home and wearables', 'Connected home devices and wearables.', 'devices'],
    ['devices.ai', 'AI and digital tools', 'Generative AI assistants and how often they are used.', 'devices'],
    ['devices.online', 'Online behaviour and privacy', 'Ad blockers, privacy tools and online activities.', 'devices'],
    ['commerce', 'Commerce and shopping', 'Online shopping, purchase drivers, payment and what people buy.', null],
    ['commerce.online', 'Online shopping', 'Products bought online and shopping frequency.', 'commerce'],
    ['commerce.drivers', 'Purchase drivers', 'What would make people buy: reviews, discounts, free delivery...', 'commerce'],
    ['commerce.payments', 'Payments', 'Payment methods including buy now pay later and mobile wallets.', 'commerce'],
    ['commerce.children', "Children's products", 'Toys, baby products and kids clothing bought.', 'commerce'],
    ['brands', 'Brands', 'Brand awareness, consideration, usage (brand funnel), favourite brands and perceptions.', null],
    ['attitudes', 'Attitudes and values', 'Agreement with statements about technology, environment, money, shopping and life.', null],
    ['attitudes.technology', 'Attitudes to technology', 'Views on technology, AI and privacy.', 'attitudes'],
    ['attitudes.society', 'Attitudes to society and environment', 'Sustainability, community and politics.', 'attitudes'],
    ['attitudes.consumer', 'Consumer attitudes', 'Views on shopping, brands and advertising.', 'attitudes'],
    ['attitudes.personal', 'Personal attitudes', 'Lifestyle, work and wellbeing views.', 'attitudes'],
    ['health', 'Health and wellbeing', 'Exercise, diet, sleep, wellbeing and health concerns.', null],
    ['health.fitness', 'Fitness and exercise', 'Exercise frequency, sports played and fitness apps.', 'health'],
    ['health.diet', 'Diet and nutrition', 'Diets followed, food and drink habits.', 'health'],
    ['travel', 'Travel', 'Holidays, trip types, booking channels and destinations.', null],
    ['finance', 'Finance', 'Financial products, investments, insurance and outlook.', null],
    ['finance.products', 'Financial products and banking', 'Accounts, cards, loans and banking channels.', 'finance'],
    ['finance.investments', 'Investments and crypto', 'Stocks, funds, pensions and cryptocurrency.', 'finance'],
    ['interests', 'Interests and hobbies', 'Interests, sports followed, hobbies and music genres.', null],
    ['interests.sports', 'Sports', 'Sports followed and played.', 'interests'],
    ['marketing', 'Marketing and advertising', 'Where people notice ads and discover brands.', null],
  ],
  gaming: [
    ['g.gaming', 'Gaming', 'Gaming habits, platforms, genres, titles, spending and attitudes.', null],
    ['g.gaming.platforms', 'Gaming platforms', 'Mobile, PC, console and cloud gaming.', 'g.gaming'],
    ['g.gaming.platforms.mobile', 'Mobile gaming', 'Games played on smartphones and tablets.', 'g.gaming.platforms'],
    ['g.gaming.platforms.console', 'Console gaming', 'PlayStation, Xbox and Nintendo.', 'g.gaming.platforms'],
    ['g.gaming.platforms.pc', 'PC gaming', 'PC gaming stores and hardware.', 'g.gaming.platforms'],
    ['g.gaming.genres', 'Game genres', 'Genres played: shooters, sports, puzzle, role-playing...', 'g.gaming'],
    ['g.gaming.titles', 'Game titles', 'Franchises played in the last month.', 'g.gaming'],
    ['g.gaming.time', 'Time spent gaming', 'Hours per week spent playing.', 'g.gaming'],
    ['g.gaming.spending', 'Gaming spending', 'In-game purchases, subscriptions and spend.', 'g.gaming'],
    ['g.gaming.hardware', 'Gaming hardware', 'Consoles, headsets and accessories owned or planned.', 'g.gaming'],
    ['g.gaming.attitudes', 'Gamer attitudes', 'How gamers see gaming and themselves.', 'g.gaming'],
    ['g.esports', 'Esports and game streaming', 'Watching esports and live game streams.', null],
    ['g.esports.watching', 'Esports viewing', 'Esports tournaments watched.', 'g.esports'],
    ['g.esports.streaming', 'Game streaming', 'Watching and broadcasting on Twitch, YouTube Gaming, Kick.', 'g.esports'],
    ['g.demographics', 'Demographics', 'Demographics of the gaming panel.', null],
    ['g.demographics.age_gender', 'Age and gender', 'Age groups and gender.', 'g.demographics'],
    ['g.demographics.household', 'Household and family', 'Parents and household.', 'g.demographics'],
    ['g.demographics.income_work', 'Income and work', 'Income and employment.', 'g.demographics'],
    ['g.media', 'Media and social', 'Social platforms and devices of gamers.', null],
    ['g.media.social', 'Social platforms', 'Platform usage and frequency among gamers.', 'g.media'],
    ['g.media.devices', 'Devices', 'Devices owned by gamers.', 'g.media'],
  ],
};

const PLATFORM_INPUT: { name: string; code?: string; p: number; fx: ReturnType<typeof fx>; drift: number }[] = [
  { name: 'TikTok', p: 0.42, fx: fx(-2.6, 0.35, 0, 0, 0.6, 0.3), drift: 0.11 },
  { name: 'Instagram', p: 0.6, fx: fx(-1.9, 0.35, 0, 0.2, 0.5, 0), drift: 0.03 },
  { name: 'Facebook', p: 0.66, fx: fx(1.1, 0.2, 0.4, 0, -0.2, 0), drift: -0.09 },
  { name: 'YouTube', p: 0.82, fx: fx(-0.7, -0.2, 0, 0.1, 0.6, 0.6), drift: 0.01 },
  { name: 'X', code: 'x_twitter', p: 0.33, fx: fx(-0.4, -0.5, 0, 0.4, 0.6, 0.3), drift: -0.07 },
  { name: 'Snapchat', p: 0.25, fx: fx(-2.8, 0.4, 0, -0.1, 0.4, 0.2), drift: -0.02 },
  { name: 'LinkedIn', p: 0.28, fx: fx(0.1, -0.1, 0.1, 1.4, 0.7, 0), drift: 0.02 },
  { name: 'Pinterest', p: 0.27, fx: fx(-0.3, 1.3, 0.5, 0.3, 0.2, -0.2), drift: 0 },
  { name: 'Reddit', p: 0.22, fx: fx(-1.3, -0.8, -0.2, 0.3, 1.1, 0.8), drift: 0.04 },
  { name: 'Twitch', p: 0.13, fx: fx(-2, -1, -0.3, 0, 0.9, 2.1), drift: 0.02 },
  { name: 'WhatsApp', p: 0.72, fx: fx(0.1, 0.2, 0.3, 0, 0.2, 0), drift: 0.02 },
  { name: 'Messenger', p: 0.45, fx: fx(0.6, 0.2, 0.3, -0.1, -0.1, 0), drift: -0.05 },
  { name: 'Telegram', p: 0.2, fx: fx(-0.5, -0.4, 0, 0, 0.8, 0.3), drift: 0.03 },
  { name: 'Discord', p: 0.14, fx: fx(-2.1, -0.7, -0.4, 0, 1, 2), drift: 0.04 },
  { name: 'Threads', p: 0.1, fx: fx(-1, 0.3, 0, 0.3, 0.6, 0), drift: 0.08 },
  { name: 'BeReal', p: 0.05, fx: fx(-2.6, 0.3, -0.5, 0, 0.4, 0), drift: -0.05 },
];

export const SOCIAL_PLATFORMS = PLATFORM_INPUT.map((d) => ({ ...d, code: d.code ?? slug(d.name) }));

const BRAND_SECTORS: { code: string; name: string; brands: (string | [string, boolean])[]; fx: ReturnType<typeof fx> }[] = [
  { code: 'sportswear', name: 'sportswear', fx: fx(-0.8, -0.2, 0, 0.2, 0.1, 0.2), brands: ['Nike', 'Adidas', 'Puma', 'Under Armour', 'New Balance', 'Reebok', 'Asics', ['Lululemon', true], 'Skechers', 'Fila', ['On Running', true], ['Hoka', true], 'Converse', 'Vans', 'Decathlon', 'Champion', 'The North Face', 'Columbia'] },
  { code: 'beauty', name: 'beauty and personal care', fx: fx(-0.3, 1.4, 0.1, 0.2, 0, -0.2), brands: ["L'Oreal", 'Nivea', 'Dove', 'Maybelline', ['Estee Lauder', true], ['Clinique', true], 'Garnier', 'Neutrogena', ['Lancome', true], ['Dior Beauty', true], 'The Ordinary', 'CeraVe', 'Rimmel', ['MAC Cosmetics', true], 'Olay', 'Avon', 'Sephora Collection', ['Charlotte Tilbury', true]] },
  { code: 'cars', name: 'car', fx: fx(0.4, -0.5, 0.4, 0.6, 0.1, 0), brands: ['Toyota', 'Volkswagen', 'Ford', 'Honda', 'Hyundai', 'Kia', ['BMW', true], ['Mercedes-Benz', true], ['Audi', true], ['Tesla', true], 'Renault', 'Peugeot', 'Nissan', 'Chevrolet', ['Volvo', true], 'Skoda', ['Porsche', true], 'BYD'] },
  { code: 'fast_food', name: 'fast food and restaurant', fx: fx(-0.9, -0.2, 0.5, -0.3, 0, 0.4), brands: ["McDonald's", 'Burger King', 'KFC', 'Subway', "Domino's", 'Pizza Hut', 'Starbucks', 'Taco Bell', "Wendy's", 'Five Guys', 'Tim Hortons', 'Dunkin', 'Chipotle', 'Popeyes', "Nando's", 'Pret A Manger', ['Shake Shack', true], 'Costa Coffee'] },
  { code: 'soft_drinks', name: 'soft drink', fx: fx(-0.7, -0.1, 0.3, -0.3, 0, 0.4), brands: ['Coca-Cola', 'Pepsi', 'Fanta', 'Sprite', 'Red Bull', 'Monster Energy', '7UP', 'Dr Pepper', 'Schweppes', 'Lipton Ice Tea', 'Gatorade', 'Powerade', 'Mountain Dew', ['San Pellegrino', true], ['Fever-Tree', true], 'Oasis', 'Tropicana', 'Innocent'] },
  { code: 'technology', name: 'technology', fx: fx(-0.4, -0.4, 0, 0.5, 1, 0.5), brands: [['Apple', true], 'Samsung', 'Google', 'Microsoft', 'Sony', 'LG', 'Xiaomi', 'Huawei', 'Lenovo', 'HP', 'Dell', 'Asus', 'Acer', ['Bose', true], 'JBL', ['Dyson', true], 'Philips', 'Oppo'] },
  { code: 'fashion', name: 'fashion and luxury', fx: fx(-0.8, 1, 0, 0.5, 0.2, -0.1), brands: ['Zara', 'H&M', 'Uniqlo', 'Primark', 'Shein', "Levi's", ['Gucci', true], ['Louis Vuitton', true], ['Prada', true], ['Chanel', true], ['Ralph Lauren', true], ['Hugo Boss', true], 'Mango', 'Gap', ['Burberry', true], 'Tommy Hilfiger', 'Calvin Klein', 'ASOS'] },
  { code: 'retail', name: 'retailer and marketplace', fx: fx(-0.1, 0.3, 0.5, 0, 0.4, 0), brands: ['Amazon', 'Walmart', 'eBay', 'AliExpress', 'Temu', 'IKEA', 'Target', 'Costco', 'Lidl', 'Aldi', 'Carrefour', 'Tesco', 'Best Buy', 'Etsy', 'Zalando', 'Mercado Libre', 'Rakuten', 'Flipkart'] },
  { code: 'airlines', name: 'airline', fx: fx(0.1, 0, 0.1, 1.1, 0.3, 0), brands: [['Emirates', true], ['Qatar Airways', true], 'Lufthansa', 'British Airways', 'Air France', 'Delta', 'American Airlines', 'United Airlines', 'Ryanair', 'easyJet', ['Singapore Airlines', true], 'Qantas', 'Iberia', 'KLM', 'Turkish Airlines', 'LATAM', 'IndiGo', 'ANA'] },
  { code: 'banking', name: 'bank and payment', fx: fx(0.3, 0, 0.2, 0.9, 0.4, 0), brands: ['Visa', 'Mastercard', 'PayPal', ['American Express', true], 'HSBC', 'Santander', 'BNP Paribas', 'Revolut', 'Monzo', 'N26', 'Klarna', 'Chase', 'Bank of America', 'Wells Fargo', 'ING', 'Barclays', 'Nubank', 'Wise'] },
  { code: 'streaming', name: 'streaming and entertainment', fx: fx(-0.9, 0.1, 0.2, 0.3, 0.7, 0.5), brands: ['Netflix', 'Disney+', 'Amazon Prime Video', 'HBO Max', 'Apple TV+', 'Paramount+', 'Hulu', 'Peacock', 'Spotify', 'Apple Music', 'YouTube Premium', 'Deezer', 'Crunchyroll', 'DAZN', 'Audible', 'Twitch', 'Tidal', 'Pluto TV'] },
  { code: 'groceries', name: 'grocery and household', fx: fx(0.4, 0.6, 0.9, 0, -0.2, 0), brands: ['Nestle', 'Unilever', 'Kellogg', 'Heinz', 'Danone', 'Kraft', 'Mars', 'Cadbury', 'Nutella', 'Pampers', 'Huggies', 'Colgate', 'Gillette', 'Ariel', 'Persil', 'Barilla', ['Haagen-Dazs', true], 'Oreo'] },
  { code: 'telecoms', name: 'mobile network and broadband', fx: fx(0.2, 0, 0.3, 0.3, 0.4, 0), brands: ['Verizon', 'AT&T', 'T-Mobile', 'Vodafone', 'Orange', 'Deutsche Telekom', 'Telefonica', 'BT', 'EE', 'O2', 'Jio', 'Airtel', 'Claro', 'Vivo', 'NTT Docomo', 'SoftBank', 'Telstra', 'Optus'] },
  { code: 'alcohol', name: 'beer, wine and spirits', fx: fx(-0.2, -0.5, 0, 0.3, 0, 0.1), brands: ['Heineken', 'Budweiser', 'Corona', 'Stella Artois', 'Guinness', 'Carlsberg', 'Asahi', 'Brahma', ['Moet & Chandon', true], ['Johnnie Walker', true], 'Smirnoff', 'Bacardi', 'Jack Daniels', 'Absolut', ['Hennessy', true], 'Captain Morgan', 'Jameson', ['Grey Goose', true]] },
  { code: 'hotels', name: 'hotel and holiday rental', fx: fx(0.1, 0.1, 0.2, 1, 0.4, 0), brands: ['Marriott', 'Hilton', ['Hyatt', true], 'IHG', 'Accor', 'Airbnb', 'Booking.com', 'Expedia', 'Best Western', 'Holiday Inn', 'Ibis', 'Premier Inn', ['Four Seasons', true], ['Ritz-Carlton', true], 'Radisson', 'Wyndham', 'Vrbo', 'Trivago'] },
  { code: 'home', name: 'home and appliance', fx: fx(0.5, 0.3, 0.7, 0.4, 0.1, 0), brands: ['IKEA', 'Bosch', 'Whirlpool', 'Samsung Home', 'LG Home', ['Miele', true], 'Electrolux', 'Philips Home', ['Dyson Home', true], 'Tefal', 'KitchenAid', 'Nespresso', 'De\'Longhi', 'Shark', 'iRobot', 'Panasonic', ['Smeg', true], 'Black+Decker'] },
  { code: 'delivery', name: 'food delivery and ride-hailing', fx: fx(-1.2, 0, 0.2, 0.3, 0.8, 0.3), brands: ['Uber', 'Uber Eats', 'DoorDash', 'Deliveroo', 'Just Eat', 'Glovo', 'Lyft', 'Bolt', 'Grubhub', 'iFood', 'Swiggy', 'Zomato', 'Ola', '99', 'Instacart', 'Getir', 'Wolt', 'Menulog'] },
  { code: 'insurance', name: 'insurance', fx: fx(0.8, 0, 0.6, 0.8, 0, 0), brands: ['Allianz', 'AXA', 'State Farm', 'Geico', 'Progressive', 'Aviva', 'Zurich', 'Generali', 'MetLife', 'Prudential', 'Direct Line', 'Admiral', 'Mapfre', 'Liberty Mutual', 'Allstate', 'Nationwide', 'Tokio Marine', 'Lemonade'] },
];

function brandQuestions(): QuestionDef[] {
  const out: QuestionDef[] = [];
  for (const s of BRAND_SECTORS) {
    const brands = s.brands.map((b, i) => {
      const [name, premium] = typeof b === 'string' ? [b, false] : b;
      const popularity = 0.75 * Math.pow(0.88, i) + 0.06;
      const f = s.fx;
      return {
        name,
        premium,
        p: premium ? popularity * 0.8 : popularity,
        fx: premium ? fx(f[0], f[1], f[2], f[3] + 1.6, f[4] + 0.3, f[5]) : fx(f[0], f[1], f[2], f[3] - 0.2, f[4], f[5]),
      };
    });
    const cat = `brands.${s.code}`;
    out.push(
      q({
        code: `brand_funnel_${s.code}`,
        name: `${capital(s.name)} brands: awareness, consideration and usage`,
        description: `Brand funnel for ${s.name} brands: which brands people have heard of (awareness), would consider buying (consideration) and have used or bought in the last 12 months (usage, purchase, customers).`,
        kind: 'grid_multi',
        categories: [cat],
        datapoints: dps(`brand_funnel_${s.code}`, brands),
        suffixes: FUNNEL,
        model: { type: 'funnel', consider: 0.55, use: 0.55 },
        flags: ['grid', 'brand_funnel'],
        knowledge_base: 'Consideration is asked of those aware of a brand, usage of those who would consider it.',
      }),
      q({
        code: `brand_perception_${s.code}`,
        name: `${capital(s.name)} brand perceptions`,
        description: `Statements people agree apply to ${s.name} brands they know (trust, innovation, value for money, premium, sustainability): brand image and reputation.`,
        kind: 'grid_multi',
        categories: [cat, 'attitudes.consumer'],
        datapoints: dps(`brand_perception_${s.code}`, brands),
        suffixes: BRAND_STATEMENTS,
        model: { type: 'perception', funnel: `brand_funnel_${s.code}` },
        flags: ['grid', 'brand_perception'],
        notice: 'Asked only of respondents aware of the brand.',
      }),
      q({
        code: `favourite_brand_${s.code}`,
        name: `Favourite ${s.name} brand`,
        description: `The one ${s.name} brand people prefer most among those they use: brand preference and loyalty.`,
        kind: 'single',
        categories: [cat],
        datapoints: dps(`favourite_brand_${s.code}`, [...brands, { name: 'No favourite brand', code: 'no_favourite' }]),
        model: { type: 'favourite', funnel: `brand_funnel_${s.code}`, none: 'no_favourite' },
        flags: ['single_choice'],
      }),
    );
  }
  return out;
}

export function brandCategoryDefs(): [string, string, string, string | null][] {
  return BRAND_SECTORS.map((s) => [`brands.${s.code}`, `${capital(s.name)} brands`, `Awareness, consideration, usage and perception of ${s.name} brands.`, 'brands']);
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const DEMO = ['demographics.age_gender', 'g.demographics.age_gender'];
const HOUSEHOLD = ['demographics.household', 'g.demographics.household'];
const INCOME = ['demographics.income_work', 'g.demographics.income_work'];
const BOTH = ['core', 'gaming'];

function demographics(): QuestionDef[] {
  return [
    q({ code: 'gender', name: 'Gender', description: 'Gender of the respondent: male (men) or female (women).', kind: 'single', categories: DEMO, datasets: BOTH, datapoints: fixedDps([['male', 'Male'], ['female', 'Female']]), model: { type: 'gender' }, flags: ['single_choice', 'demographic'] }),
    q({ code: 'age_group', name: 'Age group', description: 'Age of the respondent in bands: 16-24 (Gen Z), 25-34, 35-44, 45-54, 55-64.', kind: 'single', categories: DEMO, datasets: BOTH, datapoints: [['16_24', '16-24', 20], ['25_34', '25-34', 29.5], ['35_44', '35-44', 39.5], ['45_54', '45-54', 49.5], ['55_64', '55-64', 59.5]].map(([c, n, m]) => ({ code: String(c), name: String(n), p: 1, fx: fx(), drift: 0, midpoint: Number(m) })), model: { type: 'age' }, unit: 'years', flags: ['single_choice', 'demographic'] }),
    q({ code: 'parent_status', name: 'Parental status', description: 'Whether the respondent is a parent (mother or father) of children under 18 living at home.', kind: 'single', categories: HOUSEHOLD, datasets: BOTH, datapoints: fixedDps([['not_parent', 'Not a parent'], ['parent', 'Parent of a child under 18']]), model: { type: 'parent' }, flags: ['single_choice', 'demographic'] }),
    q({ code: 'income_group', name: 'Household income (thirds)', description: 'Household income relative to the market: low (bottom 33%), medium (middle 33%), high (top 33%) earners, affluent.', kind: 'single', categories: INCOME, datasets: BOTH, datapoints: fixedDps([['low', 'Low income (bottom 33%)'], ['medium', 'Medium income (middle 33%)'], ['high', 'High income (top 33%)']]), model: { type: 'income' }, flags: ['single_choice', 'demographic'] }),
    single('household_income_band', 'Household income band (USD per year)', 'Annual household income before tax, in US dollar equivalent bands: salary, earnings.', INCOME,
      [['Under $15,000', 10000], ['$15,000-$29,999', 22500], ['$30,000-$49,999', 40000], ['$50,000-$74,999', 62500], ['$75,000-$99,999', 87500], ['$100,000-$149,999', 125000], ['$150,000-$199,999', 175000], ['$200,000 or more', 250000]].map(([n, m], i) => ({ name: String(n), midpoint: Number(m), code: `band_${i + 1}` })),
      fx(0.2, -0.1, 0.2, 1.8, 0.3, 0), { unit: 'usd_per_year', datasets: BOTH }),
    single('employment_status', 'Employment status', 'Working status: full-time, part-time, self-employed, student, unemployed, retired, homemaker.', INCOME,
      [{ name: 'Full-time employed', fx: fx(0, -0.6, 0.2, 1, 0.3) }, { name: 'Part-time employed', fx: fx(0, 0.7, 0.2, -0.3) }, { name: 'Self-employed', fx: fx(0.3, -0.3, 0.1, 0.3) }, { name: 'Student', fx: fx(-4, 0, -1.5, -0.5, 0.4) }, { name: 'Unemployed', fx: fx(0, 0, 0, -1.5) }, { name: 'Retired', fx: fx(4, 0, -1, 0) }, { name: 'Homemaker', fx: fx(0.3, 2, 1.5, -0.5) }], null, { datasets: BOTH }),
    single('education_level', 'Highest level of education', 'Education completed: secondary school, college, university degree, postgraduate.', ['demographics.education'],
      [{ name: 'Secondary school or less', fx: fx(0.3, 0, 0, -1.2, -0.5) }, { name: 'Vocational or technical qualification', fx: fx(0.3, -0.2, 0, -0.3) }, { name: 'Some college or university', fx: fx(-0.8, 0.1, 0, 0) }, { name: "Bachelor's degree", fx: fx(-0.1, 0.1, 0, 0.9, 0.4) }, { name: 'Postgraduate degree', fx: fx(0.3, 0, 0, 1.5, 0.5) }]),
    single('marital_status', 'Marital status', 'Relationship status: single, married, living with partner, divorced, widowed.', HOUSEHOLD,
      [{ name: 'Single', fx: fx(-2.5, 0, -2, -0.3) }, { name: 'Married', fx: fx(1.8, 0, 2, 0.5) }, { name: 'Living with partner', fx: fx(-0.3, 0, 0.5) }, { name: 'Divorced or separated', fx: fx(1.8, 0.2, 0) }, { name: 'Widowed', fx: fx(3, 0.5, -0.5) }]),
    single('household_size', 'Household size', 'Number of people living in the household, including the respondent.', HOUSEHOLD,
      [['1 person', 1], ['2 people', 2], ['3 people', 3], ['4 people', 4], ['5 or more people', 5.5]].map(([n, m], i) => ({ name: String(n), midpoint: Number(m), code: `size_${i + 1}` })),
      fx(-0.3, 0, 2.2, 0, 0), { unit: 'people', datasets: BOTH }),
    multi('children_ages', 'Ages of children in household', 'Age of the children the parent has living at home: babies, toddlers, school-age, teenagers.', HOUSEHOLD,
      [{ name: 'Under 2', fx: fx(-1.5) }, { name: '2-4', code: '2_4', fx: fx(-1.2) }, { name: '5-9', code: '5_9', fx: fx(-0.4) }, { name: '10-12', code: '10_12', fx: fx(0.4) }, { name: '13-17', code: '13_17', fx: fx(1.5) }], 0.3,
      { askedIf: { question: 'parent_status', datapoints: ['parent'] }, notice: 'Asked only of parents.' }),
    single('urbanicity', 'Area lived in', 'Whether the respondent lives in a city (urban), suburb or the countryside (rural).', HOUSEHOLD, [{ name: 'Urban', fx: fx(-0.6, 0, -0.3, 0.4, 0.4) }, { name: 'Suburban', fx: fx(0.3, 0, 0.5, 0.2) }, { name: 'Rural', fx: fx(0.5, 0, 0.2, -0.4, -0.4) }]),
    single('home_ownership', 'Home ownership', 'Whether the respondent owns their home, rents, or lives with parents/family.', HOUSEHOLD, [{ name: 'Own outright', fx: fx(2.5, 0, 0, 0.8) }, { name: 'Own with a mortgage', fx: fx(0.7, 0, 1, 1) }, { name: 'Rent', fx: fx(-0.5, 0, 0, -0.5) }, { name: 'Live with parents or family', fx: fx(-3.5, -0.2, -1.5, -0.3) }]),
    multi('pets_owned', 'Pets owned', 'Pets in the household: dog, cat, fish, bird, small animals; pet owners.', HOUSEHOLD, ['Dog', 'Cat', 'Fish', 'Bird', 'Rabbit or small mammal', 'Reptile', { name: 'No pets', p: 0.35 }], 0.2),
    single('occupation_sector', 'Occupation sector', 'Industry the respondent works in: job, profession, sector.', INCOME, ['Technology and IT', 'Healthcare', 'Education', 'Retail', 'Finance and insurance', 'Manufacturing', 'Public sector', 'Hospitality', 'Creative and media', 'Construction', 'Transport and logistics', 'Other sector', 'Not working']),
    single('job_seniority', 'Job seniority', 'Decision-making level at work: business decision makers, managers, C-suite.', INCOME, [{ name: 'Owner or C-level', fx: fx(0.8, -0.5, 0, 1.6) }, { name: 'Senior manager', fx: fx(0.7, -0.3, 0, 1.3) }, { name: 'Middle manager', fx: fx(0.3, 0, 0, 0.6) }, { name: 'Junior or non-managerial', fx: fx(-1.5, 0.2, 0, -0.6) }, { name: 'Not working', fx: fx(0, 0.3, 0, -1.2) }]),
  ];
}

function media(): QuestionDef[] {
  const ord = (n: string, m: number, i: number) => ({ name: n, midpoint: m, code: `range_${i + 1}` });
  const hours = [['Less than 1 hour', 0.5], ['1-2 hours', 1.5], ['2-3 hours', 2.5], ['3-4 hours', 3.5], ['4-6 hours', 5], ['6-8 hours', 7], ['More than 8 hours', 9]] as const;
  return [
    single('hours_online_per_day', 'Hours spent online per day', 'Time spent on the internet per day on any device: screen time, daily online hours.', ['media.time', 'devices.online', 'g.media.devices'], hours.map(([n, m], i) => ord(n, m, i)), fx(-0.9, 0, -0.2, 0.1, 1.1, 0.6), { unit: 'hours', datasets: BOTH }),
    single('hours_social_media_per_day', 'Hours spent on social media per day', 'Daily time spent on social networks and messaging apps.', ['media.time', 'social.activities'], hours.map(([n, m], i) => ord(n, m, i)), fx(-1.3, 0.3, 0, -0.1, 0.5, 0.3), { unit: 'hours' }),
    single('hours_tv_per_day', 'Hours watching broadcast TV per day', 'Daily time watching linear or broadcast television (not streaming).', ['media.time', 'media.tv_video'], hours.map(([n, m], i) => ord(n, m, i)), fx(1.4, 0.1, 0, -0.3, -0.6, 0), { unit: 'hours' }),
    single('hours_streaming_per_day', 'Hours watching streaming video per day', 'Daily time watching online TV and video streaming services (Netflix, YouTube...).', ['media.time', 'media.tv_video'], hours.map(([n, m], i) => ord(n, m, i)), fx(-1, 0, 0, 0.2, 0.8, 0.5), { unit: 'hours' }),
    multi('streaming_services_used', 'Video streaming services used', 'Paid or free video streaming services used in the last month: SVOD, subscription TV.', ['media.tv_video'], [{ name: 'Netflix', p: 0.55, drift: 0.01 }, { name: 'Disney+', p: 0.3 }, { name: 'Amazon Prime Video', p: 0.42 }, { name: 'HBO Max', p: 0.15 }, { name: 'Apple TV+', p: 0.1, fx: fx(-0.3, 0, 0, 1.2, 0.8) }, 'Paramount+', 'Hulu', 'Peacock', 'YouTube Premium', 'Crunchyroll', 'DAZN', 'Pluto TV', 'Local broadcaster player', { name: 'None of these', p: 0.12, code: 'none' }], 0.12),
    multi('tv_genres', 'TV and film genres watched', 'Genres of TV shows and films watched: drama, comedy, documentaries, reality, sport, anime...', ['media.tv_video'], ['Drama', 'Comedy', 'Documentaries', 'Reality TV', 'Crime and thriller', 'Science fiction and fantasy', 'Action', 'Horror', 'Anime', 'Sport', 'News and current affairs', 'Cooking and food shows', 'Romance', 'Kids and family', 'Talk shows', 'True crime', 'Nature and wildlife', 'Music and concerts'], 0.28),
    multi('music_streaming_services', 'Music and audio services used', 'Music streaming and audio apps used in the last month: Spotify, Apple Music, YouTube Music, Amazon Music.', ['media.audio'], [{ name: 'Spotify', p: 0.45, fx: fx(-1.5, 0, 0, 0.3, 0.7) }, 'Apple Music', 'YouTube Music', 'Amazon Music', 'Deezer', 'SoundCloud', 'Tidal', 'Pandora', 'Audible', 'Radio apps'], 0.15),
    multi('music_genres', 'Music genres listened to', 'Kinds of music people enjoy: pop, rock, hip hop, electronic, classical, K-pop, latin...', ['media.audio', 'interests'], ['Pop', 'Rock', 'Hip hop and rap', 'R&B and soul', 'Electronic and dance', 'Classical', 'Jazz', 'Country', 'Latin', 'K-pop', 'Metal', 'Indie and alternative', 'Reggae', 'Folk', 'Afrobeats', 'Soundtracks'], 0.25),
    single('podcast_listening_frequency', 'Podcast listening frequency', 'How often people listen to podcasts.', ['media.audio'], ['Daily', 'Weekly', 'Monthly', 'Less often', 'Never'].map((n, i) => ({ name: n, code: ['daily', 'weekly', 'monthly', 'less_often', 'never'][i] })), fx(0.8, 0.1, 0, -0.4, -0.9)),
    multi('podcast_genres', 'Podcast genres', 'Types of podcasts listened to: news, true crime, comedy, business, health, sports.', ['media.audio'], ['News and politics', 'True crime', 'Comedy', 'Business and finance', 'Health and fitness', 'Sports', 'Technology', 'Society and culture', 'History', 'Education', 'Video games'], 0.22, { askedIf: { question: 'podcast_listening_frequency', datapoints: ['daily', 'weekly', 'monthly'] } }),
    multi('news_sources', 'Sources of news', 'Where people get news and current affairs: TV, social media, news websites, newspapers, radio, podcasts.', ['media.news'], [{ name: 'TV news', fx: fx(1.5, 0, 0, 0) }, { name: 'Social media', fx: fx(-1.5, 0.2, 0, -0.2, 0.3) }, 'News websites and apps', { name: 'Printed newspapers', fx: fx(1.8, 0, 0, 0.4) }, 'Radio', 'Podcasts', 'News aggregators', 'Messaging apps', 'Friends and family', 'Video sites'], 0.35),
    multi('news_topics', 'News topics followed', 'Topics people follow in the news: politics, economy, science, celebrity, local news.', ['media.news'], ['Politics', 'Economy and business', 'Science and technology', 'Health', 'Environment and climate', 'Celebrity and entertainment', 'Sport', 'Local news', 'International news', 'Crime', 'Education', 'Travel'], 0.3),
    single('radio_listening_frequency', 'Radio listening frequency', 'How often people listen to live broadcast radio.', ['media.audio'], ['Daily', 'Weekly', 'Monthly', 'Less often', 'Never'].map((n) => ({ name: n })), fx(-1, 0, 0, -0.2, 0.5)),
    multi('magazine_types', 'Magazines read', 'Types of magazines read in print or online.', ['media.news'], ['Fashion', 'News and current affairs', 'Home and garden', 'Cars', 'Technology', 'Health and fitness', 'Food and cooking', 'Travel', 'Business', 'Celebrity gossip', 'Parenting', 'Gaming'], 0.12),
  ];
}

function social(): QuestionDef[] {
  const usage = multi('social_platform_usage', 'Social media platforms used', 'Social networks and messaging apps used in the last month (reach): TikTok, Instagram, Facebook, YouTube, X (Twitter), Snapchat, LinkedIn, Pinterest, Reddit, Twitch, WhatsApp...', ['social.platforms', 'g.media.social'], SOCIAL_PLATFORMS, 0.3, { datasets: BOTH });
  const freq = q({
    code: 'social_platform_frequency',
    name: 'Social media platform usage frequency',
    description: 'How often people use each social platform they use: daily, weekly, monthly or less often (daily active users, engagement, heavy users).',
    kind: 'grid_single',
    categories: ['social.platforms', 'g.media.social'],
    datasets: BOTH,
    datapoints: dps('social_platform_frequency', SOCIAL_PLATFORMS.map((s) => ({ ...s, p: Math.min(0.85, s.p + 0.1) }))),
    suffixes: FREQUENCY,
    model: { type: 'scale', tau: [-0.4, 1.4, 2.6] },
    rowsFrom: 'social_platform_usage',
    flags: ['grid', 'frequency'],
    notice: 'Each platform is asked only of its users.',
  });
  const activities: [string, string[]][] = [
    ['tiktok', ['Watch videos', 'Post videos', 'Go live', 'Shop on TikTok Shop', 'Follow creators', 'Search for information', 'Comment', 'Share videos']],
    ['instagram', ['Post photos', 'Post stories', 'Watch Reels', 'Follow brands', 'Shop', 'Message friends', 'Follow influencers', 'Browse Explore']],
    ['facebook', ['Keep in touch with family', 'Join groups', 'Use Marketplace', 'Watch videos', 'Read news', 'Create events', 'Follow pages', 'Post updates']],
    ['youtube', ['Watch music videos', 'Watch tutorials', 'Watch Shorts', 'Watch gaming videos', 'Watch product reviews', 'Subscribe to channels', 'Watch live streams', 'Comment']],
    ['x_twitter', ['Follow news', 'Post', 'Follow celebrities', 'Watch live events', 'Follow brands', 'Join Spaces', 'Repost', 'Search trends']],
    ['snapchat', ['Send snaps', 'Post stories', 'Use filters', 'Watch Spotlight', 'Use Snap Map', 'Chat with friends', 'Watch Discover', 'Play games']],
    ['linkedin', ['Look for jobs', 'Network professionally', 'Read industry news', 'Post updates', 'Follow companies', 'Take courses', 'Message contacts', 'Join groups']],
    ['pinterest', ['Find recipes', 'Plan home decor', 'Find fashion ideas', 'Plan events', 'Save ideas', 'Shop products', 'Find DIY projects', 'Find beauty tips']],
    ['reddit', ['Read discussions', 'Post questions', 'Comment', 'Follow communities', 'Read news', 'Share memes', 'Research products', 'Ask for advice']],
    ['twitch', ['Watch gaming streams', 'Watch just chatting', 'Subscribe to streamers', 'Stream myself', 'Chat', 'Watch esports', 'Watch music streams', 'Clip highlights']],
  ];
  const perPlatform = activities.map(([platform, acts]) => {
    const name = SOCIAL_PLATFORMS.find((s) => s.code === platform)?.name ?? platform;
    return multi(`${platform}_activities`, `Activities on ${name}`, `What ${name} users do on ${name} (behaviours, features used).`, ['social.activities'], acts, 0.35, { askedIf: { question: 'social_platform_usage', datapoints: [platform] }, notice: `Asked only of ${name} users.` });
  });
  return [
    usage,
    freq,
    ...perPlatform,
    multi('social_media_reasons', 'Main reasons for using social media', 'Motivations for using social networks: staying in touch, news, entertainment, finding products, following brands, inspiration.', ['social.activities'], ['Staying in touch with friends and family', 'Filling spare time', 'Reading news stories', 'Finding funny or entertaining content', 'Seeing what is being talked about', 'Finding inspiration for things to do', 'Finding products to buy', 'Sharing photos or videos', 'Following celebrities or influencers', 'Networking for work', 'Watching live streams', 'Following sports', 'Meeting new people', 'Following brands'], 0.28),
    multi('social_commerce_actions', 'Social commerce actions', 'Shopping-related actions on social media: bought through an in-app checkout, clicked an ad, followed a brand, discovered a product via an influencer.', ['social.activities', 'commerce.online'], ['Bought a product directly on a social platform', 'Clicked on a sponsored post', 'Followed a brand', 'Discovered a product via an influencer', 'Watched a live shopping stream', 'Used a discount code from a creator'], 0.16),
    single('influencer_trust', 'Trust in influencers', 'How much people trust product recommendations from social media influencers and creators.', ['social.activities', 'marketing'], ['Trust a lot', 'Trust somewhat', 'Neutral', 'Distrust somewhat', 'Distrust a lot'].map((n) => ({ name: n })), fx(1.2, -0.2, 0, 0.1, -0.5)),
  ];
}

function devices(): QuestionDef[] {
  return [
    multi('devices_owned', 'Devices owned', 'Devices personally owned: smartphone, laptop, desktop, tablet, smart TV, games console, smartwatch, VR headset.', ['devices.owned', 'g.media.devices'], [{ name: 'Smartphone', p: 0.95, fx: fx(-0.3, 0, 0, 0.3, 0.5) }, { name: 'Laptop', p: 0.7 }, { name: 'Desktop PC', p: 0.4, fx: fx(0.2, -0.6, 0, 0.2, 0.6, 1.2) }, { name: 'Tablet', p: 0.45, fx: fx(0.3, 0.2, 0.8, 0.4, 0.2) }, { name: 'Smart TV', p: 0.6 }, { name: 'Games console', p: 0.3, fx: fx(-0.8, -0.8, 0.5, 0.2, 0.4, 2.6) }, { name: 'Smartwatch', p: 0.3, fx: fx(-0.3, 0, 0, 0.9, 0.8) }, { name: 'Fitness tracker', p: 0.2 }, { name: 'VR headset', p: 0.06, fx: fx(-0.8, -0.7, 0, 0.6, 1.2, 1.5), drift: 0.05 }, { name: 'E-reader', p: 0.15, fx: fx(0.8, 0.6, 0, 0.6) }, { name: 'Streaming stick or box', p: 0.3 }, { name: 'Wireless earbuds', p: 0.5, fx: fx(-1, 0, 0, 0.4, 0.7), drift: 0.04 }, { name: 'Smart speaker', p: 0.3 }, { name: 'Handheld games console', p: 0.08, fx: fx(-1, -0.5, 0.6, 0.2, 0.5, 2) }], 0.3, { datasets: BOTH }),
    single('smartphone_brand', 'Brand of main smartphone', 'Brand of the smartphone used most: Apple iPhone, Samsung Galaxy, Google Pixel, Xiaomi...', ['devices.owned'], [{ name: 'Apple', p: 3, fx: fx(-0.5, 0.3, 0, 1.5, 0.6) }, { name: 'Samsung', p: 3 }, { name: 'Google', p: 0.6, fx: fx(0, -0.3, 0, 0.6, 1.2) }, { name: 'Xiaomi', p: 1.2, fx: fx(-0.3, -0.3, 0, -0.8, 0.6) }, { name: 'Huawei', p: 0.6 }, { name: 'Oppo', p: 0.6 }, { name: 'Motorola', p: 0.6, fx: fx(0.6, 0, 0, -0.7) }, { name: 'OnePlus', p: 0.4, fx: fx(-0.5, -0.6, 0, 0.3, 1) }, { name: 'Other brand', p: 0.5 }]),
    single('mobile_operating_system', 'Mobile operating system', 'Smartphone platform: iOS or Android.', ['devices.owned'], [{ name: 'iOS', p: 1, fx: fx(-0.5, 0.3, 0, 1.5, 0.6) }, { name: 'Android', p: 1.4 }, { name: 'Other', p: 0.05 }]),
    multi('smart_home_devices', 'Smart home devices owned', 'Connected home (IoT) devices: smart speakers, thermostats, lights, doorbells, security cameras, robot vacuums.', ['devices.smart_home'], ['Smart speaker', 'Smart thermostat', 'Smart lighting', 'Video doorbell', 'Security camera', 'Robot vacuum', 'Smart plug', 'Smart lock', 'Smart fridge', 'Smart display'], 0.15),
    multi('ai_assistants_used', 'AI assistants and chatbots used', 'Generative AI tools used in the last month: ChatGPT, Google Gemini, Microsoft Copilot, Claude, Perplexity, Meta AI (artificial intelligence, LLM chatbots).', ['devices.ai'], [{ name: 'ChatGPT', p: 0.28, fx: fx(-1.5, -0.3, 0, 0.8, 1.4), drift: 0.22 }, { name: 'Google Gemini', p: 0.12, fx: fx(-1, -0.2, 0, 0.5, 1.2), drift: 0.24 }, { name: 'Microsoft Copilot', p: 0.1, fx: fx(-0.3, -0.3, 0, 1, 1.1), drift: 0.2 }, { name: 'Claude', p: 0.04, fx: fx(-1, -0.5, 0, 1, 1.6), drift: 0.28 }, { name: 'Perplexity', p: 0.03, fx: fx(-1, -0.5, 0, 0.9, 1.5), drift: 0.26 }, { name: 'Meta AI', p: 0.07, fx: fx(-1, 0, 0, 0, 0.6), drift: 0.25 }, { name: 'Voice assistant (Siri, Alexa)', code: 'voice_assistant', p: 0.3, fx: fx(0, 0, 0.3, 0.4, 0.5), drift: -0.02 }], 0.1, { datasets: BOTH }),
    single('ai_usage_frequency', 'Generative AI usage frequency', 'How often people use generative AI tools such as ChatGPT.', ['devices.ai'], ['Daily', 'Weekly', 'Monthly', 'Less often', 'Never'].map((n, i) => ({ name: n, drift: [0.14, 0.1, 0.05, 0, -0.12][i], code: ['daily', 'weekly', 'monthly', 'less_often', 'never'][i] })), fx(1.3, 0.2, 0, -0.6, -1.3)),
    multi('ai_use_cases', 'What generative AI is used for', 'Tasks people use AI assistants for: search, writing, coding, studying, images, planning trips.', ['devices.ai'], ['Searching for information', 'Writing emails or documents', 'Coding', 'Studying or homework', 'Creating images', 'Planning trips', 'Shopping advice', 'Summarising text', 'Translation', 'Health advice', 'Financial advice', 'Companionship'], 0.25, { askedIf: { question: 'ai_usage_frequency', datapoints: ['daily', 'weekly', 'monthly'] } }),
    multi('online_privacy_actions', 'Online privacy actions', 'Steps taken to protect privacy online: ad blocker, VPN, deleting cookies, private browsing.', ['devices.online'], [{ name: 'Used an ad blocker', p: 0.35 }, { name: 'Used a VPN', p: 0.3 }, 'Deleted cookies', 'Used private browsing', 'Declined cookie consent', 'Changed privacy settings on social media', 'Used a password manager', 'Used two-factor authentication'], 0.3),
    multi('online_activities', 'Online activities in the last month', 'Things done online: email, banking, video calls, search, maps, online learning, cloud storage.', ['devices.online'], ['Sent email', 'Used online banking', 'Made a video call', 'Used a search engine', 'Used maps or navigation', 'Took an online course', 'Used cloud storage', 'Read a blog', 'Used a price comparison site', 'Booked a taxi or ride-hailing', 'Ordered food delivery', 'Played an online game', 'Watched a live stream', 'Used a dating app'], 0.4),
    multi('device_purchase_intent', 'Devices planning to buy', 'Devices people plan to buy in the next 12 months: purchase intention.', ['devices.owned'], ['Smartphone', 'Laptop', 'Tablet', 'Smart TV', 'Games console', 'Smartwatch', 'VR headset', 'Wireless earbuds', 'Smart speaker', 'Camera'], 0.1),
    single('tech_adoption', 'Attitude to new technology (adopter type)', 'When people tend to buy new technology: early adopter, early majority, late majority, laggard (technographics, tech-savvy).', ['devices.online', 'attitudes.technology'], [{ name: 'Innovator: among the first to buy' }, { name: 'Early adopter' }, { name: 'Early majority' }, { name: 'Late majority' }, { name: 'Laggard: only when I have to' }].map((d, i) => ({ ...d, code: ['innovator', 'early_adopter', 'early_majority', 'late_majority', 'laggard'][i] })), fx(0.5, 0.3, 0, -0.5, -2.2, -0.5)),
    multi('wearable_features', 'Wearable features used', 'Features used on smartwatches and fitness trackers: step count, heart rate, sleep tracking, payments.', ['devices.smart_home', 'health.fitness'], ['Step counting', 'Heart rate', 'Sleep tracking', 'Contactless payments', 'Notifications', 'Workout tracking', 'GPS', 'Blood oxygen'], 0.4, { askedIf: { question: 'devices_owned', datapoints: ['smartwatch', 'fitness_tracker'] } }),
  ];
}

function commerce(): QuestionDef[] {
  return [
    multi('online_purchases', 'Products bought online', 'Product categories bought online in the last month: e-commerce, online shopping basket.', ['commerce.online'], ['Clothing', 'Shoes', 'Groceries', 'Consumer electronics', 'Books', 'Beauty and cosmetics', 'Health products', 'Home and garden', 'Furniture', 'Toys and games', 'Video games', 'Sports equipment', 'Pet supplies', 'Jewellery and watches', 'Luxury goods', 'Music and films', 'Household cleaning', 'Travel', 'Event tickets', 'Software', 'Car parts', 'Office supplies', 'Baby products', 'Alcohol'], 0.2),
    single('online_shopping_frequency', 'Online shopping frequency', 'How often people buy something online.', ['commerce.online'], ['Several times a week', 'Once a week', 'A few times a month', 'Once a month', 'Less often', 'Never'].map((n) => ({ name: n })), fx(0.6, -0.3, -0.4, -0.8, -0.9)),
    multi('purchase_drivers', 'Purchase drivers', 'What would most increase the likelihood of buying a product online: free delivery, discounts, reviews, easy returns, loyalty points.', ['commerce.drivers'], ['Free delivery', 'Coupons and discounts', 'Customer reviews', 'Easy returns policy', 'Loyalty points', 'Next-day delivery', 'Eco-friendly packaging', 'Quick checkout', 'Buy now pay later', 'Influencer recommendation', 'Exclusive products', 'Good customer service', 'Brand reputation', 'Price match guarantee', 'Free samples'], 0.3),
    multi('payment_methods', 'Payment methods used online', 'Payment methods used: credit card, debit card, PayPal, Apple Pay, Google Pay, buy now pay later (BNPL: Klarna, Afterpay), cash on delivery, crypto.', ['commerce.payments'], ['Credit card', 'Debit card', 'PayPal', 'Apple Pay', 'Google Pay', 'Buy now pay later', 'Bank transfer', 'Cash on delivery', 'Cryptocurrency', 'Store card', 'Gift card', 'Pix or instant payment'], 0.25),
    multi('childrens_products_bought', "Children's products bought", "Products for children bought in the last 3 months: toys, baby food, nappies (diapers), kids' clothing, school supplies, children's books.", ['commerce.children'], [{ name: 'Toys', p: 0.18, fx: fx(-0.5, 0.3, 3.2, 0.3) }, { name: 'Baby food', p: 0.07, fx: fx(-1.5, 0.3, 3.6, 0) }, { name: 'Nappies or diapers', p: 0.07, fx: fx(-1.5, 0.3, 3.6, 0) }, { name: "Children's clothing", p: 0.18, fx: fx(-0.3, 0.6, 3.4, 0.2) }, { name: 'School supplies', p: 0.15, fx: fx(0.4, 0.4, 3.2, 0) }, { name: "Children's books", p: 0.12, fx: fx(0, 0.5, 3.1, 0.5) }, { name: 'Baby equipment', p: 0.05, fx: fx(-1.5, 0.3, 3.5, 0.4) }, { name: "Kids' video games", p: 0.08, fx: fx(0.2, -0.2, 2.8, 0.2, 0.3, 1.2) }], 0.1),
    multi('grocery_channels', 'Where groceries are bought', 'Grocery shopping channels: supermarket, discount store, online delivery, quick commerce, farmers market.', ['commerce.online', 'health.diet'], ['Large supermarket', 'Discount store', 'Online grocery delivery', 'Quick commerce apps', 'Convenience store', 'Farmers market', 'Warehouse club', 'Organic store'], 0.3),
    multi('subscriptions_held', 'Subscriptions held', 'Paid subscriptions: meal kits, beauty boxes, Amazon Prime, news, software, gym, cloud storage.', ['commerce.online'], ['Amazon Prime', 'Meal kit', 'Beauty box', 'News subscription', 'Software subscription', 'Gym membership', 'Cloud storage', 'Wine club', 'Pet food subscription', 'Razor subscription'], 0.15),
    single('shopping_style', 'Shopping style', 'How people describe themselves as shoppers: bargain hunter, brand loyal, impulse buyer, researcher.', ['commerce.drivers', 'attitudes.consumer'], ['Bargain hunter', 'Brand loyal', 'Impulse buyer', 'Careful researcher', 'Convenience seeker'].map((n) => ({ name: n }))),
    multi('product_research_channels', 'Where people research products', 'Sources used to research products before buying: search engines, reviews, social media, marketplaces, comparison sites, videos.', ['commerce.drivers', 'marketing'], ['Search engines', 'Consumer reviews', 'Social networks', 'Marketplaces like Amazon', 'Price comparison sites', 'Product videos', 'Brand websites', 'Mobile apps', 'Forums', 'Friends and family', 'AI assistants'], 0.3),
    multi('sustainable_actions', 'Sustainable shopping actions', 'Eco-friendly and ethical consumer actions: bought second-hand, recycled, avoided single-use plastic, paid more for sustainable products.', ['commerce.drivers', 'attitudes.society'], ['Bought second-hand', 'Recycled', 'Avoided single-use plastic', 'Paid more for sustainable products', 'Repaired instead of replacing', 'Reduced meat consumption', 'Used a refill store', 'Boycotted a brand'], 0.25),
  ];
}

function attitudes(): QuestionDef[] {
  return [
    agreementGrid('attitudes_technology', 'Attitudes towards technology', 'Agreement with statements about technology, innovation, AI and screen time.', ['attitudes.technology'], [{ name: 'I like to own the latest tech', fx: fx(-0.7, -0.5, 0, 0.6, 1.8, 0.8) }, { name: 'Technology makes my life easier', fx: fx(-0.3, 0, 0, 0.4, 1.2) }, { name: 'I worry about how AI will affect jobs', fx: fx(0.6, 0.3, 0, -0.2, -0.5) }, { name: 'I am comfortable sharing data for personalised services', fx: fx(-0.8, -0.1, 0, 0.3, 0.9) }, 'I try to limit my screen time', 'I am interested in AI tools', 'I prefer to pay more for better quality tech', 'I worry about my online privacy']),
    agreementGrid('attitudes_environment', 'Attitudes towards the environment and sustainability', 'Agreement with statements about climate change, green products, recycling and sustainability.', ['attitudes.society'], ['Climate change worries me', 'I would pay more for eco-friendly products', 'Companies should do more for the environment', 'I try to reduce my plastic use', 'I prefer brands with ethical values', 'Individual actions can make a difference', 'Sustainability claims are often greenwashing', 'I consider the carbon footprint of travel']),
    agreementGrid('attitudes_shopping', 'Attitudes towards shopping and brands', 'Agreement with statements about brands, loyalty, price and premium products.', ['attitudes.consumer'], [{ name: 'I am willing to pay more for premium brands', fx: fx(-0.3, 0, 0, 1.8, 0.5) }, { name: 'I always look for the cheapest price', fx: fx(0, 0.2, 0.3, -1.5) }, 'I stay loyal to brands I like', 'I enjoy shopping', 'I often buy on impulse', 'I like to try new brands', 'I trust customer reviews more than adverts', 'I prefer to shop in physical stores']),
    agreementGrid('attitudes_advertising', 'Attitudes towards advertising', 'Agreement with statements about ads, sponsorship, personalisation and influencer marketing.', ['attitudes.consumer', 'marketing'], ['Ads help me discover new products', 'I find most online ads annoying', 'I like personalised ads', 'I trust ads on TV more than online', 'Influencer posts feel like ads', 'I remember ads that make me laugh', 'I skip video ads whenever I can', 'Brands should be on social media']),
    agreementGrid('attitudes_finance', 'Attitudes towards money and finance', 'Agreement with statements about saving, spending, debt, investing and financial security.', ['attitudes.personal', 'finance'], ['I am good at managing my money', 'I worry about my financial future', 'I like to save rather than spend', 'I am interested in investing', 'Cryptocurrency is the future of money', 'I prefer to pay with cash', 'I research financial products carefully', 'I would rather live for today than save']),
    agreementGrid('attitudes_lifestyle', 'Lifestyle attitudes', 'Agreement with statements about personal life, ambition, family, wellbeing and social life.', ['attitudes.personal'], [{ name: 'Family is the most important thing in my life', fx: fx(0.6, 0.3, 1.6, 0) }, 'I like to stand out from the crowd', 'I am ambitious in my career', 'I like to try new experiences', 'I feel stressed most of the time', 'I enjoy spending time alone', 'I follow the latest fashion trends', 'I try to live a healthy lifestyle']),
    agreementGrid('attitudes_work', 'Attitudes towards work', 'Agreement with statements about work-life balance, remote work, careers and job security.', ['attitudes.personal', 'demographics.income_work'], ['Work-life balance matters more than pay', 'I prefer working from home', 'I would like to start my own business', 'I worry about job security', 'I want to learn new skills', 'I would change jobs for a better salary', 'My job is an important part of who I am', 'I would like a four-day week']),
    agreementGrid('attitudes_society', 'Attitudes towards society', 'Agreement with statements about community, diversity, politics and the future.', ['attitudes.society'], ['I am optimistic about the future', 'I am involved in my local community', 'Diversity in society is a good thing', 'I am interested in politics', 'Life is better than it was for my parents', 'I volunteer for charity', 'I trust the government', 'Religion is important to me']),
  ];
}

function health(): QuestionDef[] {
  return [
    single('exercise_frequency', 'Exercise frequency', 'How often people do sport or exercise for at least 30 minutes: physical activity, workouts, fitness.', ['health.fitness'], ['Every day', '3-6 times a week', '1-2 times a week', 'Less than once a week', 'Never'].map((n) => ({ name: n })), fx(0.7, 0.3, 0.3, -0.7, -0.3)),
    multi('sports_played', 'Sports and activities done', 'Sports and physical activities done regularly: running, gym, cycling, swimming, yoga, football, tennis.', ['health.fitness', 'interests.sports'], ['Running', 'Gym workouts', 'Cycling', 'Swimming', 'Yoga or pilates', 'Football', 'Tennis', 'Basketball', 'Hiking', 'Dancing', 'Martial arts', 'Golf', 'Climbing', 'Team sports'], 0.15),
    multi('diets_followed', 'Diets followed', 'Diet and eating habits: vegetarian, vegan, flexitarian, low-carb, keto, gluten-free, intermittent fasting, halal, kosher.', ['health.diet'], ['Vegetarian', 'Vegan', 'Flexitarian', 'Low-carb', 'Keto', 'Gluten-free', 'Intermittent fasting', 'High protein', 'Halal', 'Kosher', 'Dairy-free', 'Low sugar'], 0.08),
    multi('health_concerns', 'Health concerns', 'Health issues people are concerned about: weight, stress, sleep, mental health, heart health, diabetes.', ['health'], ['Weight', 'Stress', 'Sleep', 'Mental health', 'Heart health', 'Diabetes', 'Back pain', 'Skin health', 'Eyesight', 'Fitness level', 'Diet and nutrition', 'Ageing'], 0.2),
    multi('wellness_activities', 'Wellbeing activities', 'Self-care and wellbeing activities: meditation, therapy, journaling, digital detox, spa, mindfulness apps.', ['health'], ['Meditation', 'Therapy or counselling', 'Journaling', 'Digital detox', 'Spa treatments', 'Mindfulness apps', 'Spending time in nature', 'Breathing exercises'], 0.15),
    multi('health_apps_used', 'Health and fitness apps used', 'Health and fitness apps: Strava, MyFitnessPal, Fitbit, Apple Health, Peloton, Headspace, Calm.', ['health.fitness', 'devices.ai'], ['Strava', 'MyFitnessPal', 'Fitbit', 'Apple Health', 'Google Fit', 'Peloton', 'Headspace', 'Calm', 'Nike Training Club', 'Period tracker'], 0.08),
    single('sleep_hours', 'Hours of sleep per night', 'Average hours of sleep on a weeknight.', ['health'], [['Less than 5 hours', 4.5], ['5-6 hours', 5.5], ['6-7 hours', 6.5], ['7-8 hours', 7.5], ['More than 8 hours', 8.5]].map(([n, m], i) => ({ name: String(n), midpoint: Number(m), code: `sleep_${i + 1}` })), fx(-0.2, 0.1, -0.8, 0.3, -0.2), { unit: 'hours' }),
    single('smoking_status', 'Smoking and vaping', 'Whether people smoke cigarettes or vape (e-cigarettes).', ['health'], [{ name: 'Smoke cigarettes', p: 0.8 }, { name: 'Vape', p: 0.5, fx: fx(-1.5, -0.3, 0, 0, 0.4) }, { name: 'Both', p: 0.2 }, { name: 'Former smoker', p: 1 }, { name: 'Never smoked', p: 3 }]),
    single('alcohol_frequency', 'Alcohol drinking frequency', 'How often people drink alcohol.', ['health.diet'], ['Daily', 'Several times a week', 'Weekly', 'Monthly', 'Rarely', 'Never'].map((n) => ({ name: n })), fx(-0.8, 0.5, 0.2, -0.6)),
    multi('drinks_consumed', 'Drinks consumed in the last week', 'Drinks consumed: coffee, tea, energy drinks, soft drinks, bottled water, beer, wine, spirits, plant-based milk.', ['health.diet'], ['Coffee', 'Tea', 'Energy drinks', 'Soft drinks', 'Bottled water', 'Beer', 'Wine', 'Spirits', 'Plant-based milk', 'Sports drinks', 'Kombucha', 'Fruit juice'], 0.3),
    single('fast_food_frequency', 'Fast food frequency', 'How often people eat at fast food restaurants or order takeaway.', ['health.diet'], ['Several times a week', 'Weekly', 'Monthly', 'Less often', 'Never'].map((n) => ({ name: n })), fx(1, 0.2, -0.5, 0.2, -0.3, -0.5)),
  ];
}

function travelFinanceInterests(): QuestionDef[] {
  return [
    single('holidays_per_year', 'Holidays taken per year', 'Number of holidays or vacations taken in a typical year.', ['travel'], [['None', 0], ['1', 1], ['2', 2], ['3-4', 3.5], ['5 or more', 6]].map(([n, m], i) => ({ name: String(n), midpoint: Number(m), code: `holidays_${i}` })), fx(0, 0, -0.2, 1.6, 0.3), { unit: 'trips' }),
    multi('travel_types', 'Types of holiday taken', 'Kinds of trips taken in the last 12 months: beach, city break, adventure, cruise, road trip, business travel.', ['travel'], ['Beach holiday', 'City break', 'Adventure holiday', 'Cruise', 'Road trip', 'Business trip', 'Skiing', 'Camping', 'Luxury holiday', 'Backpacking', 'Family holiday', 'Staycation'], 0.18),
    multi('travel_booking_channels', 'How travel is booked', 'Channels used to book travel: online travel agencies (Booking.com, Expedia), airline sites, Airbnb, travel agents, AI assistants.', ['travel'], ['Online travel agency', 'Airline website', 'Hotel website', 'Airbnb or holiday rental', 'Travel agent in store', 'Price comparison site', 'Tour operator', 'Travel app', 'AI assistant'], 0.25),
    multi('destinations_interest', 'Holiday destinations of interest', 'Destinations people want to visit in the next 2 years.', ['travel'], ['USA', 'United Kingdom', 'France', 'Spain', 'Italy', 'Greece', 'Germany', 'Japan', 'Thailand', 'Australia', 'Mexico', 'Brazil', 'Canada', 'Caribbean', 'Dubai', 'Portugal', 'Turkey', 'India', 'Egypt', 'Iceland', 'Bali', 'South Africa'], 0.12),
    multi('financial_products', 'Financial products held', 'Financial products and services held: current account, credit card, savings, mortgage, loan, pension, insurance, investment account.', ['finance.products'], ['Current account', 'Credit card', 'Savings account', 'Mortgage', 'Personal loan', 'Car loan', 'Pension', 'Life insurance', 'Health insurance', 'Home insurance', 'Car insurance', 'Investment account', 'Student loan', 'Business account'], 0.3),
    single('banking_channel', 'Main banking channel', 'How people mainly manage their bank: mobile app, website, branch, phone.', ['finance.products'], [{ name: 'Mobile banking app', fx: fx(-1.5, 0, 0, 0.3, 1.2) }, { name: 'Online banking website', fx: fx(0.6, 0, 0, 0.3) }, { name: 'In a branch', fx: fx(1.6, 0, 0, -0.5, -1) }, { name: 'By phone', fx: fx(1.4) }]),
    multi('investments_held', 'Investments held', 'Investments owned: stocks and shares, funds, ETFs, bonds, property, cryptocurrency (bitcoin), gold.', ['finance.investments'], [{ name: 'Stocks and shares', p: 0.2, fx: fx(0, -0.6, 0, 1.8, 0.6) }, { name: 'Investment funds', p: 0.15, fx: fx(0.6, -0.3, 0, 1.9, 0.3) }, { name: 'ETFs', p: 0.1, fx: fx(-0.6, -0.6, 0, 1.6, 1) }, { name: 'Bonds', p: 0.06, fx: fx(1, -0.2, 0, 1.5) }, { name: 'Property', p: 0.1, fx: fx(1, 0, 0, 1.9) }, { name: 'Cryptocurrency', p: 0.1, fx: fx(-1.2, -1.1, 0, 0.7, 1.3, 0.8), drift: 0.05 }, { name: 'Gold or precious metals', p: 0.06, fx: fx(0.4, -0.4, 0, 1) }], 0.1),
    single('financial_outlook', 'Financial outlook for the next 12 months', 'Whether people expect their household finances to get better, stay the same or get worse: consumer confidence.', ['finance'], [{ name: 'Much better', fx: fx(-1.2, 0, 0, 0.8) }, { name: 'A little better', fx: fx(-0.6, 0, 0, 0.4) }, { name: 'About the same' }, { name: 'A little worse', fx: fx(0.5, 0, 0.2, -0.4) }, { name: 'Much worse', fx: fx(0.6, 0, 0, -0.8) }]),
    single('car_ownership', 'Car ownership', 'Whether the household owns a car and what kind: petrol, diesel, hybrid, electric vehicle (EV).', ['finance.products', 'demographics.household'], [{ name: 'Petrol car', p: 3 }, { name: 'Diesel car', p: 1.5 }, { name: 'Hybrid car', p: 0.8, fx: fx(0.3, 0, 0.2, 1, 0.4), drift: 0.04 }, { name: 'Electric car', p: 0.4, fx: fx(-0.2, -0.3, 0.2, 1.6, 1), drift: 0.08 }, { name: 'No car', p: 2, fx: fx(-1, 0, -0.8, -1) }]),
    multi('interests', 'Personal interests', 'Topics and hobbies people are interested in: music, film, travel, food, fashion, gaming, fitness, technology, cars, art, DIY, gardening.', ['interests'], ['Music', 'Films', 'Travel', 'Cooking', 'Fashion', 'Gaming', 'Fitness', 'Technology', 'Cars', 'Art and design', 'DIY', 'Gardening', 'Reading', 'Photography', 'Science', 'History', 'Politics', 'Personal finance', 'Beauty', 'Home decor', 'Parenting', 'Pets', 'Outdoor activities', 'Celebrity news', 'Comedy', 'Anime and manga', 'Board games', 'Spirituality', 'Volunteering', 'Entrepreneurship'], 0.28),
    multi('sports_followed', 'Sports followed', 'Sports followed or watched: football (soccer), American football, basketball, baseball, cricket, tennis, Formula 1, golf, rugby, boxing, MMA, esports.', ['interests.sports'], ['Football', 'American football', 'Basketball', 'Baseball', 'Cricket', 'Tennis', 'Formula 1', 'Golf', 'Rugby', 'Boxing', 'MMA', 'Ice hockey', 'Cycling', 'Athletics', 'Swimming', 'Volleyball', 'Esports', 'Wrestling', 'Motorcycling', 'Winter sports'], 0.13),
    multi('hobbies', 'Hobbies done regularly', 'Leisure activities done regularly: reading, cooking, gardening, crafts, photography, playing an instrument.', ['interests'], ['Reading books', 'Cooking or baking', 'Gardening', 'Arts and crafts', 'Photography', 'Playing a musical instrument', 'Going to concerts', 'Going to the cinema', 'Eating out', 'Visiting museums', 'Board games', 'Collecting'], 0.25),
    multi('ad_channels_noticed', 'Where ads were noticed', 'Channels where people noticed advertising in the last month: TV, social media, search, billboards, podcasts, streaming, in-game.', ['marketing'], ['TV', 'Social media', 'Search engines', 'Billboards', 'Podcasts', 'Streaming services', 'In video games', 'Radio', 'Newspapers', 'Cinema', 'Email', 'Public transport', 'Websites', 'Mobile apps'], 0.3),
    multi('brand_discovery', 'How people discover new brands', 'Ways people find out about new brands and products: ads, word of mouth, social media, influencers, in-store, search.', ['marketing', 'commerce.drivers'], ['Ads seen on TV', 'Word of mouth', 'Ads on social media', 'Recommendations on social media', 'Influencer endorsements', 'Seen in store', 'Search engines', 'Retail websites', 'Ads on websites', 'Brand websites', 'Online video ads', 'Product placement', 'Billboards', 'Podcasts', 'Celebrity endorsements', 'Email', 'Review sites', 'AI assistants'], 0.22),
    multi('brand_expectations', 'What people want from brands', 'Things people want brands to do: make them feel valued, be eco-friendly, offer rewards, be transparent, be innovative.', ['marketing', 'attitudes.consumer'], ['Offer rewards or loyalty schemes', 'Be eco-friendly', 'Make me feel valued', 'Be transparent', 'Be innovative', 'Support good causes', 'Be cool or trendy', 'Create entertaining content', 'Have a strong social media presence', 'Respect my privacy'], 0.25),
  ];
}

function gaming(): QuestionDef[] {
  const g = { namespace: 'gaming', datasets: ['gaming'] };
  return [
    multi('gaming_platforms_used', 'Gaming platforms played on', 'Platforms used to play video games in the last month: smartphone, PC, PlayStation, Xbox, Nintendo Switch, cloud gaming, VR.', ['g.gaming.platforms'], [{ name: 'Smartphone', p: 0.55 }, { name: 'PC', p: 0.3, fx: fx(-0.5, -0.9, 0, 0.3, 1, 1.8) }, { name: 'PlayStation', p: 0.25, fx: fx(-0.8, -0.9, 0.3, 0.2, 0.4, 2) }, { name: 'Xbox', p: 0.15, fx: fx(-0.5, -1, 0.3, 0.2, 0.4, 2) }, { name: 'Nintendo Switch', p: 0.15, fx: fx(-0.6, 0, 1.2, 0.2, 0.3, 1.5) }, { name: 'Tablet', p: 0.2 }, { name: 'Cloud gaming', p: 0.05, drift: 0.06 }, { name: 'VR headset', p: 0.04 }], 0.2, g),
    multi('game_genres_played', 'Game genres played', 'Video game genres played: shooter (FPS), battle royale, sports, racing, puzzle, RPG, strategy, simulation, MOBA, casual mobile games.', ['g.gaming.genres'], ['Shooter', 'Battle royale', 'Sports', 'Racing', 'Puzzle', 'Role-playing', 'Strategy', 'Simulation', 'MOBA', 'Casual', 'Adventure', 'Fighting', 'Sandbox', 'Horror', 'Platformer', 'Card games'], 0.18, g),
    multi('game_titles_played', 'Game titles played in the last month', 'Game franchises played: Fortnite, Minecraft, Call of Duty, EA Sports FC, Roblox, GTA, League of Legends, Pokemon, Candy Crush, Genshin Impact.', ['g.gaming.titles'], ['Fortnite', 'Minecraft', 'Call of Duty', 'EA Sports FC', 'Roblox', 'Grand Theft Auto', 'League of Legends', 'Pokemon', 'Candy Crush', 'Genshin Impact', 'Valorant', 'Apex Legends', 'The Sims', 'Mario Kart', 'Counter-Strike', 'Clash of Clans', 'Animal Crossing', 'Elden Ring', 'Zelda', 'PUBG'], 0.12, g),
    single('gaming_hours_per_week', 'Hours spent gaming per week', 'Weekly time spent playing video games on any device.', ['g.gaming.time'], [['None', 0], ['Less than 1 hour', 0.5], ['1-3 hours', 2], ['3-6 hours', 4.5], ['6-10 hours', 8], ['10-20 hours', 15], ['More than 20 hours', 25]].map(([n, m], i) => ({ name: String(n), midpoint: Number(m), code: `range_${i + 1}` })), fx(-1.3, -0.8, 0, 0, 0.7, 3), { ...g, unit: 'hours' }),
    single('gamer_identity', 'Gamer self-identity', 'Whether people describe themselves as a gamer: hardcore, core, casual, not a gamer.', ['g.gaming.attitudes'], [{ name: 'Hardcore gamer', fx: fx(-1, -1, 0, 0, 0.8, 3) }, { name: 'Core gamer', fx: fx(-0.8, -0.7, 0, 0, 0.5, 2.4) }, { name: 'Casual gamer', fx: fx(0, 0.5, 0.3, 0, 0, 0.8) }, { name: 'Not a gamer', fx: fx(1.5, 0.5, 0, 0, -0.6, -3) }], null, g),
    multi('in_game_spending', 'In-game spending', 'Money spent in games in the last month: in-game purchases, skins, loot boxes, battle passes, subscriptions (Game Pass, PS Plus), DLC.', ['g.gaming.spending'], ['In-game currency', 'Cosmetic items or skins', 'Loot boxes', 'Battle pass', 'Game subscription service', 'Downloadable content', 'Full-price new game', 'Mobile game purchases'], 0.15, g),
    single('monthly_gaming_spend', 'Monthly gaming spend', 'Money spent on gaming per month in US dollar equivalent.', ['g.gaming.spending'], [['Nothing', 0], ['Under $10', 5], ['$10-$24', 17], ['$25-$49', 37], ['$50-$99', 75], ['$100 or more', 130]].map(([n, m], i) => ({ name: String(n), midpoint: Number(m), code: `spend_${i + 1}` })), fx(-0.5, -0.6, 0.3, 1.2, 0.5, 2.5), { ...g, unit: 'usd_per_month' }),
    multi('gaming_hardware_owned', 'Gaming hardware owned', 'Gaming accessories and hardware owned: gaming headset, controller, gaming chair, gaming monitor, racing wheel, gaming laptop.', ['g.gaming.hardware'], ['Gaming headset', 'Extra controller', 'Gaming chair', 'Gaming monitor', 'Gaming keyboard', 'Gaming mouse', 'Racing wheel', 'Gaming laptop', 'Capture card', 'VR headset'], 0.15, g),
    multi('console_purchase_intent', 'Consoles planning to buy', 'Games consoles people plan to buy in the next 12 months: purchase intention.', ['g.gaming.hardware', 'g.gaming.platforms.console'], ['PlayStation 5', 'PlayStation 5 Pro', 'Xbox Series X', 'Xbox Series S', 'Nintendo Switch 2', 'Steam Deck', 'Meta Quest'], 0.07, g),
    multi('pc_gaming_stores', 'PC gaming stores used', 'PC game stores and launchers used: Steam, Epic Games Store, Xbox app, Battle.net, EA app, GOG.', ['g.gaming.platforms.pc'], ['Steam', 'Epic Games Store', 'Xbox app', 'Battle.net', 'EA app', 'GOG', 'Ubisoft Connect'], 0.3, { ...g, askedIf: { question: 'gaming_platforms_used', datapoints: ['pc'] } }),
    multi('mobile_game_types', 'Mobile games played', 'Kinds of games played on smartphones: puzzle, word, card, strategy, hyper-casual.', ['g.gaming.platforms.mobile'], ['Puzzle', 'Word games', 'Card and casino', 'Strategy', 'Hyper-casual', 'Match-3', 'Trivia', 'Idle games', 'Mobile shooters', 'Mobile RPG'], 0.22, { ...g, askedIf: { question: 'gaming_platforms_used', datapoints: ['smartphone', 'tablet'] } }),
    multi('esports_watched', 'Esports watched', 'Esports tournaments and leagues watched: League of Legends Worlds, CS majors, Valorant Champions, Dota 2 The International, EA FC.', ['g.esports.watching'], ['League of Legends', 'Counter-Strike', 'Valorant', 'Dota 2', 'EA Sports FC', 'Fortnite', 'Rocket League', 'Overwatch', 'Call of Duty League', 'Mobile esports'], 0.08, g),
    multi('game_streaming_watched', 'Game streaming platforms watched', 'Where people watch live game streams and gaming videos: Twitch, YouTube Gaming, Kick, TikTok Live.', ['g.esports.streaming'], ['Twitch', 'YouTube Gaming', 'Kick', 'TikTok Live', 'Facebook Gaming', 'Trovo'], 0.15, g),
    single('game_streaming_frequency', 'Game stream watching frequency', 'How often people watch other people play video games (live streams or videos).', ['g.esports.streaming'], ['Daily', 'Weekly', 'Monthly', 'Less often', 'Never'].map((n) => ({ name: n })), fx(1.5, 0.6, 0, 0, -0.6, -2.4), g),
    agreementGrid('gamer_attitudes', 'Gamer attitudes', 'Agreement with statements about gaming: social connection, competitiveness, spending and identity.', ['g.gaming.attitudes'], ['Gaming helps me relax', 'I play games to connect with friends', 'I like competitive games', 'Games are too expensive', 'I watch trailers before buying a game', 'In-game ads annoy me', 'I follow gaming news', 'Gaming is part of who I am'], g),
    multi('gaming_reasons', 'Why people play games', 'Motivations for gaming: fun, relaxation, socialising, competition, escapism, challenge, storytelling.', ['g.gaming.attitudes'], ['To have fun', 'To relax', 'To socialise', 'To compete', 'To escape', 'For the challenge', 'For the story', 'To pass the time', 'To be creative', 'To make money'], 0.3, g),
  ];
}

/** Every question of the catalogue, in catalogue order. */
export function questionBank(): QuestionDef[] {
  return [...demographics(), ...media(), ...social(), ...devices(), ...commerce(), ...brandQuestions(), ...attitudes(), ...health(), ...travelFinanceInterests(), ...gaming()];
}
