/*
 * The words of dimensions and verdicts (English; prompts in other languages reach the planner
 * translated word by word). Data, not rules: each set is read by `readDimensions`.
 */

/** Superlatives and comparatives asking for the highest side. */
export const HIGHEST_WORDS = new Set([
  'most',
  'more',
  'highest',
  'higher',
  'biggest',
  'bigger',
  'largest',
  'greatest',
  'strongest',
  'top',
  'best',
  'leading',
  'fastest',
  'faster',
  'quickest',
  'lead',
  'leads',
  'tops',
  'ahead',
  'heaviest',
  'keenest',
  'widest',
]);

/** Superlatives and comparatives asking for the lowest side. */
export const LOWEST_WORDS = new Set(['least', 'lowest', 'fewest', 'smallest', 'weakest', 'bottom', 'worst', 'less', 'fewer', 'lightest', 'slowest', 'poorest']);

/** Words for a market. */
export const MARKET_NOUNS = new Set(['country', 'countries', 'market', 'markets', 'nation', 'nations']);

/** Words asking for an order: "rank our markets", "country ranking", "order the countries". */
export const RANK_WORDS = new Set(['rank', 'ranks', 'ranked', 'ranking', 'rankings', 'order', 'ordered', 'sort', 'sorted', 'league']);

/** Words before a demographic question whose groups are ranked: "which age group", "by income", "rank employment groups". */
export const GROUP_LEADS = new Set(['which', 'what', 'by', 'across', 'per', 'each', 'every', 'rank', 'ranked', 'compare', 'between']);

/** Words between a lead and the groups it leads to ("rank the generations", "across all income groups"). */
export const DETERMINERS_BEFORE_GROUP = new Set(['the', 'all', 'our', 'different', 'each']);

/**
 * Words of a difference after a group question's name: "a gender gap in Twitch usage", "age
 * differences in Netflix use" are the groups compared on the topic ("gender split of Reddit users"
 * is the profile of an audience, not this).
 */
export const DIFFERENCE_NOUNS = new Set(['difference', 'differences', 'gap', 'gaps', 'divide', 'divides']);

/** Words after a group question's name that make it the topic, profiled in an audience ("age profile of", "gender split of"). */
export const PROFILE_NOUNS = new Set(['profile', 'profiles', 'split', 'breakdown', 'mix', 'makeup', 'composition', 'distribution', 'skew']);

/** Words for one group of a demographic question ("age band", "income bracket", "education level"). */
export const GROUP_HEADS = new Set([
  'group',
  'groups',
  'band',
  'bands',
  'bracket',
  'brackets',
  'level',
  'levels',
  'status',
  'size',
  'sizes',
  'tier',
  'tiers',
  'segment',
  'segments',
  'category',
  'categories',
  'type',
  'types',
]);

/** "Younger or older people", "old or young": the age groups side by side (the words, then the pattern). */
export const AGE_CONTRAST =
  /(?<!\b(years?|aged?|\d+) )\b(younger|young|older|old)( (people|ones|adults|consumers|users|respondents))? (or|vs|versus|than|and|compared (with|to)) (the )?(younger|young|older|old)\b|\b(younger|older)( \w+){1,4} than (the )?(younger|older|young|old)\b/;

/** Words for the generations (the curated age audiences). */
export const GROUPS_BY_GENERATION = new Set(['generation', 'generations', 'cohort', 'cohorts']);

/**
 * A demographic question named by one word after a lead ("by age", "which gender"): its code. A
 * question named otherwise must end in a word for a group ("age group", "household income band"),
 * so that "which PC gaming stores" stays a question about stores.
 */
export const GROUP_ALIASES: Record<string, string> = {
  age: 'age_group',
  income: 'income_group',
  education: 'education_level',
  employment: 'employment_status',
  gender: 'gender',
  genders: 'gender',
  sex: 'gender',
};

/**
 * The dimension cues (and the words of a size: "wie groß", "taille", "tamaño") in the other
 * languages the planner reads, as phrases translated into the English above (merged into the language's phrase table; normalised: lower case, no accents,
 * apostrophes as spaces).
 */
export const DIMENSION_PHRASES: Record<'de' | 'es' | 'fr' | 'pt' | 'it', [string, string][]> = {
  de: [
    ['wie gross', 'how big'],
    ['wie grosse', 'how big'],
    ['die meisten', 'the most'],
    ['meisten', 'most'],
    ['die wenigsten', 'the fewest'],
    ['wenigsten', 'fewest'],
    ['einkommensgruppe', 'income group'],
    ['bildungsniveau', 'education level'],
    ['bildungsabschluss', 'education level'],
    ['am bekanntesten', 'best known'],
    ['am beliebtesten', 'most popular'],
    ['am haufigsten', 'most often'],
    ['am starksten', 'strongest'],
    ['am hochsten', 'highest'],
    ['am niedrigsten', 'lowest'],
    ['am grossten', 'biggest'],
    ['am seltensten', 'least often'],
    ['wo', 'where'],
    ['in welchem unserer markte', 'in which of our markets'],
    ['welcher unserer markte', 'which of our markets'],
    ['welchem unserer markte', 'which of our markets'],
    ['in welchem unserer lander', 'in which of our countries'],
    ['welchem unserer lander', 'which of our countries'],
    ['welches unserer lander', 'which of our countries'],
    ['markt', 'market'],
    ['markte', 'markets'],
    ['markten', 'markets'],
    ['lander', 'countries'],
    ['landern', 'countries'],
    ['bei mannern', 'among men'],
    ['mannern', 'men'],
    ['bei frauen', 'among women'],
    ['starker zugelegt', 'grew more'],
    ['mehr zugelegt', 'grew more'],
    ['zugelegt', 'grown'],
    ['gewachsen', 'grown'],
    ['gestiegen', 'risen'],
    ['im vergleich zum vorjahr', 'compared with a year ago'],
    ['gegenuber dem vorjahr', 'compared with a year ago'],
    ['vor einem jahr', 'a year ago'],
    ['gestiegen oder gesunken', 'up or down'],
    ['gestiegen oder gefallen', 'up or down'],
    ['gesunken oder gestiegen', 'down or up'],
    ['hoher oder niedriger', 'higher or lower'],
    ['in welchem land', 'in which country'],
    ['welches land', 'which country'],
    ['welchem land', 'which country'],
    ['in welchem markt', 'in which market'],
    ['welcher markt', 'which market'],
    ['am meisten', 'most'],
    ['am wenigsten', 'least'],
    ['welche altersgruppe', 'which age group'],
    ['welcher altersgruppe', 'which age group'],
    ['welche einkommensgruppe', 'which income group'],
    ['welches geschlecht', 'which gender'],
    ['welche generation', 'which generation'],
    ['starker gewachsen', 'grew more'],
    ['mehr gewachsen', 'grew more'],
    ['gleichen quartal des vorjahres', 'same quarter last year'],
    ['vorjahresquartal', 'same quarter last year'],
  ],
  es: [
    ['tamano', 'size'],
    ['que tamano', 'what size'],
    ['cuan grande', 'how big'],
    ['mercado', 'market'],
    ['mercados', 'markets'],
    ['pais', 'country'],
    ['paises', 'countries'],
    ['genero', 'gender'],
    ['sexo', 'gender'],
    ['nivel de estudios', 'education level'],
    ['nivel educativo', 'education level'],
    ['nivel de ingresos', 'income level'],
    ['grupo de ingresos', 'income group'],
    ['tiene mas probabilidades de', 'is most likely to'],
    ['tienen mas probabilidades de', 'are most likely to'],
    ['donde', 'where'],
    ['ha crecido mas', 'grew more'],
    ['mas ha crecido', 'grew most'],
    ['ha crecido', 'has grown'],
    ['crecido', 'grown'],
    ['crecio', 'grew'],
    ['crece', 'grows'],
    ['aumentado', 'increased'],
    ['crecimiento', 'growth'],
    ['hace un ano', 'a year ago'],
    ['respecto al ano pasado', 'compared with a year ago'],
    ['frente al ano pasado', 'compared with a year ago'],
    ['subio o bajo', 'up or down'],
    ['subido o bajado', 'up or down'],
    ['aumento o disminuyo', 'up or down'],
    ['en que pais', 'in which country'],
    ['que pais', 'which country'],
    ['en que mercado', 'in which market'],
    ['que mercado', 'which market'],
    ['que grupo de edad', 'which age group'],
    ['que franja de edad', 'which age group'],
    ['que generacion', 'which generation'],
    ['crecio mas', 'grew more'],
    ['mas crecio', 'grew more'],
    ['mismo trimestre del ano pasado', 'same quarter last year'],
  ],
  fr: [
    ['a t il', 'has it'],
    ['a t elle', 'has it'],
    ['a t on', 'has one'],
    ['augmente', 'increased'],
    ['baisse', 'decreased'],
    ['diminue', 'decreased'],
    ['recule', 'decreased'],
    ['taille', 'size'],
    ['quelle taille', 'what size'],
    ['pays ou', 'country where'],
    ['marche ou', 'market where'],
    ['marche', 'market'],
    ['marches', 'markets'],
    ['pays', 'country'],
    ['sexe', 'gender'],
    ['tranche de revenus', 'income group'],
    ['niveau d etudes', 'education level'],
    ['niveau de diplome', 'education level'],
    ['categorie d age', 'age group'],
    ['a le plus augmente', 'grew most'],
    ['a plus augmente', 'grew more'],
    ['progresse', 'grown'],
    ['croissance', 'growth'],
    ['il y a un an', 'a year ago'],
    ['par rapport a l annee derniere', 'compared with a year ago'],
    ['en hausse ou en baisse', 'up or down'],
    ['augmente ou baisse', 'up or down'],
    ['augmente ou diminue', 'up or down'],
    ['dans quel pays', 'in which country'],
    ['quel pays', 'which country'],
    ['quel marche', 'which market'],
    ['quel groupe d age', 'which age group'],
    ['quelle tranche d age', 'which age group'],
    ['quelle generation', 'which generation'],
    ['le moins', 'least'],
    ['a le plus progresse', 'grew most'],
    ['meme trimestre de l annee derniere', 'same quarter last year'],
  ],
  pt: [
    ['tamanho', 'size'],
    ['qual o tamanho', 'what size'],
    ['mercado', 'market'],
    ['mercados', 'markets'],
    ['genero', 'gender'],
    ['sexo', 'gender'],
    ['faixa de renda', 'income group'],
    ['nivel de escolaridade', 'education level'],
    ['escolaridade', 'education level'],
    ['onde', 'where'],
    ['cresceu', 'grew'],
    ['crescido', 'grown'],
    ['aumentou', 'increased'],
    ['crescimento', 'growth'],
    ['ha um ano', 'a year ago'],
    ['em relacao ao ano passado', 'compared with a year ago'],
    ['subiu ou desceu', 'up or down'],
    ['subiu ou caiu', 'up or down'],
    ['aumentou ou diminuiu', 'up or down'],
    ['em qual pais', 'in which country'],
    ['qual pais', 'which country'],
    ['em que pais', 'in which country'],
    ['qual mercado', 'which market'],
    ['qual faixa etaria', 'which age group'],
    ['qual geracao', 'which generation'],
    ['cresceu mais', 'grew more'],
    ['mais cresceu', 'grew more'],
    ['mesmo trimestre do ano passado', 'same quarter last year'],
  ],
  it: [
    ['quanto e grande', 'how big'],
    ['quanto sono grandi', 'how big'],
    ['dimensione', 'size'],
    ['mercato', 'market'],
    ['mercati', 'markets'],
    ['paese', 'country'],
    ['paesi', 'countries'],
    ['genere', 'gender'],
    ['sesso', 'gender'],
    ['fascia di reddito', 'income group'],
    ['titolo di studio', 'education level'],
    ['livello di istruzione', 'education level'],
    ['dove', 'where'],
    ['e cresciuto di piu', 'grew more'],
    ['cresciuto', 'grown'],
    ['crescita', 'growth'],
    ['in quale paese', 'in which country'],
    ['quale paese', 'which country'],
    ['quale fascia d eta', 'which age group'],
    ['quale generazione', 'which generation'],
    ['cresciuto di piu', 'grew more'],
    ['stesso trimestre dell anno scorso', 'same quarter last year'],
  ],
};
