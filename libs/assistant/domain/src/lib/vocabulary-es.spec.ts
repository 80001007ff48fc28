import { evalCatalogue } from '../../eval/eval-catalogue';
import { answerPlan } from './testing/plan-answer';

/**
 * Spanish prompts written from the demo catalogue, in the words a Spanish researcher uses (plurals,
 * gender forms, verbs in the present, perfect and gerund, idioms of asking): each is read through
 * the Spanish phrase table (lexicon/languages/es.json) and planned as its English would be.
 */
const catalogue = evalCatalogue('demo');

/** [prompt, kind, topic question, datapoints, audiences, markets] */
const CASES: [string, string, string, string[], string[], string[]][] = [
  ['¿Cuántos usuarios de Instagram hay en Brasil en cifras absolutas?', 'share', 'social_platform_usage', ['instagram'], ['All respondents'], ['br']],
  ['¿Cuál es la marca de ropa deportiva favorita de los adolescentes?', 'ranking', 'favourite_brand_sportswear', [], ['Gen Z'], []],
  ['¿Cómo ha evolucionado el uso de ChatGPT en los últimos trimestres?', 'trend', 'ai_assistants_used', ['chatgpt'], ['All respondents'], []],
  ['¿Qué plataformas de streaming utilizan más los jubilados?', 'ranking', 'streaming_services_used', [], ['Retired'], []],
  ['¿Qué proporción de mujeres sigue una dieta vegana?', 'share', 'diets_followed', ['vegan'], ['Women'], []],
  ['¿Qué porcentaje de los estudiantes tiene un portátil?', 'share', 'devices_owned', ['laptop'], ['Students'], []],
  ['¿Cuántas personas escuchan la radio a diario en Brasil?', 'share', 'radio_listening_frequency', ['daily'], ['All respondents'], ['br']],
  ['¿Qué tipos de vacaciones prefieren las familias con hijos?', 'ranking', 'travel_types', [], ['Parents'], []],
  ['¿Qué porcentaje de los conductores tiene un coche eléctrico?', 'share', 'car_ownership', ['electric_car'], ['All respondents'], []],
  ['¿Cuántos trabajadores a tiempo parcial usan LinkedIn?', 'share', 'social_platform_usage', ['linkedin'], ['Part-time employed'], []],
  ['¿Ha crecido el uso de Netflix desde el año pasado?', 'trend', 'streaming_services_used', ['netflix'], ['All respondents'], []],
  ['¿Qué deportes practican más los hombres en Alemania?', 'ranking', 'sports_played', [], ['Men'], ['de']],
  ['¿Con qué frecuencia hacen ejercicio los millennials?', 'ranking', 'exercise_frequency', [], ['Millennials'], []],
  ['¿Cuáles son los géneros de televisión más vistos entre la generación Z?', 'ranking', 'tv_genres', [], ['Gen Z'], []],
  ['¿Qué porcentaje de los encuestados vive en zonas rurales?', 'share', 'urbanicity', ['rural'], ['All respondents'], []],
  ['¿Cuántas horas duermen los padres jóvenes por noche?', 'ranking', 'sleep_hours', [], ['Young parents'], []],
  ['¿Qué métodos de pago usan los compradores online en Brasil?', 'ranking', 'payment_methods', [], ['All respondents'], ['br']],
  ['¿Qué porcentaje de las mujeres lee revistas de moda?', 'share', 'magazine_types', ['fashion'], ['Women'], []],
  ['¿Cómo ha cambiado la confianza en los influencers a lo largo del tiempo?', 'trend', 'influencer_trust', [], ['All respondents'], []],
  ['¿Cuál es el sistema operativo móvil más común en Japón?', 'ranking', 'mobile_operating_system', [], ['All respondents'], ['jp']],
  ['¿Qué porcentaje de los universitarios usa la IA generativa a diario?', 'share', 'ai_usage_frequency', ['daily'], ['Students'], []],
  ['¿Cuántos millennials tienen un altavoz inteligente?', 'share', 'devices_owned', ['smart_speaker'], ['Millennials'], []],
  [
    '¿Qué porcentaje de los padres está preocupado por la privacidad online?',
    'share',
    'attitudes_technology',
    ['i_worry_about_my_online_privacy'],
    ['Parents'],
    [],
  ],
  ['¿Qué porcentaje de los jubilados viaja en crucero?', 'share', 'travel_types', ['cruise'], ['Retired'], []],
  [
    '¿Qué porcentaje de los hombres en Francia está totalmente de acuerdo con que la tecnología le facilita la vida?',
    'share',
    'attitudes_technology',
    ['technology_makes_my_life_easier'],
    ['Men'],
    ['fr'],
  ],
  ['¿Cuántos propietarios de vivienda con hipoteca tienen seguro de hogar?', 'share', 'financial_products', ['home_insurance'], ['Own with a mortgage'], []],
  ['¿Qué porcentaje de los que viven en las afueras tiene un robot aspirador?', 'share', 'smart_home_devices', ['robot_vacuum'], ['Suburban'], []],
  ['¿Qué aficiones tienen los jubilados en España?', 'ranking', 'hobbies', [], ['Retired'], ['es']],
  ['¿Qué porcentaje de la generación X piensa comprar una tableta?', 'share', 'device_purchase_intent', ['tablet'], ['Gen X'], []],
  ['¿Ha disminuido el uso de Facebook entre los jóvenes desde el año pasado?', 'trend', 'social_platform_usage', ['facebook'], ['Gen Z'], []],
  ['¿Qué porcentaje de los estudiantes hace deporte varias veces a la semana?', 'share', 'exercise_frequency', ['3_6_times_a_week'], ['Students'], []],
  ['¿Qué fuentes de noticias usan más los mayores en Estados Unidos?', 'ranking', 'news_sources', [], ['Baby boomers'], ['us']],
  ['¿Qué porcentaje de los autónomos tiene un plan de pensiones?', 'share', 'financial_products', ['pension'], ['Self-employed'], []],
  ['¿Cuáles son las redes sociales más utilizadas por las mujeres en la India?', 'ranking', 'social_platform_usage', [], ['Women'], ['in']],
  ['¿Qué porcentaje de los millennials compra productos de segunda mano?', 'share', 'sustainable_actions', ['bought_second_hand'], ['Millennials'], []],
  ['¿Qué porcentaje de la gente toma café a diario en Australia?', 'share', 'drinks_consumed', ['coffee'], ['All respondents'], ['au']],
  ['¿Qué porcentaje de los padres compra ropa infantil por internet?', 'share', 'childrens_products_bought', ['children_s_clothing'], ['Parents'], []],
  ['¿Qué porcentaje de los adolescentes juega a Minecraft?', 'share', 'game_titles_played', ['minecraft'], ['Gen Z'], []],
];

describe('Spanish vocabulary: prompts in Spanish plan as their English does', () => {
  it.each(CASES)('%s', (prompt, kind, question, datapoints, audiences, markets) => {
    const p = answerPlan(prompt, catalogue);
    expect(p.language).toBe('es');
    expect(p.kind).toBe(kind);
    expect(p.topic?.question).toBe(question);
    expect(p.topic?.datapoints.map((d) => d.code)).toEqual(datapoints);
    expect(p.audiences.map((a) => a.name)).toEqual(audiences);
    expect(p.locations.map((l) => l.code)).toEqual(markets);
  });

  it('"totalmente de acuerdo" is the scale point strongly agree', () => {
    const p = answerPlan('¿Qué porcentaje de los hombres en Francia está totalmente de acuerdo con que la tecnología le facilita la vida?', catalogue);
    expect(p.topic?.suffix?.name).toBe('Strongly agree');
  });
});
