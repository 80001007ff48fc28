import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { focusBrief } from './brief';
import { sentencesOf } from './brief-sentences';

const demo = demoPlannerCatalogue();

describe('the lines of a pasted brief', () => {
  it("drops a chat export's header (a time, a speaker and a colon) from each line", () => {
    expect(sentencesOf('[10:02] maria: client is Heineken\n[10:06] maria: need the share of Millennials in Brazil who bought Brahma')).toEqual([
      'client is Heineken',
      'need the share of Millennials in Brazil who bought Brahma',
    ]);
    expect(sentencesOf('10:06 AM - Tom Reed: which platforms do Gen Z use?')).toEqual(['which platforms do Gen Z use?']);
  });
  it('plans the ask of a chat thread, not a place its context names', () => {
    const focus = focusBrief(
      "[10:02] maria: client is Heineken, they're worried about Corona in Mexico\n[10:05] tom: ok so what can we give them\n[10:06] maria: need the share of Millennials in Brazil who bought Brahma",
      demo,
    );
    expect(focus?.ask).toMatch(/^Share of Millennials in Brazil who bought Brahma/);
  });
  it('reads a sign that opens what is asked for as its word, never a figure before "of"', () => {
    expect(sentencesOf('need: % of UK Millennials who have used Deliveroo')).toEqual(['need: percentage of UK Millennials who have used Deliveroo']);
    expect(sentencesOf('62% of our customers are women.')).toEqual(['62% of our customers are women.']);
  });
  it('starts a sentence at a lower-case word of asking after a full stop', () => {
    expect(sentencesOf('Our client is looking at inbound tourism. can you get me the share of Australians who travel?')).toHaveLength(2);
    expect(sentencesOf('Our client sells in the U.S. and the share is small.')).toHaveLength(1);
  });
  it('starts a sentence at a lower-case label that announces the question after a full stop', () => {
    expect(sentencesOf('context: Red Bull brief, markets are DE/FR/ES. q from strategy: are Gen Z in Spain drinking energy drinks?')).toHaveLength(2);
    expect(sentencesOf('We met Nike on Monday. question for you: which platforms do Gen Z use?')).toHaveLength(2);
    expect(sentencesOf('The client is Nike. so far so good')).toHaveLength(1);
  });
  it("reads a quoted message's sentences without their quotation marks", () => {
    expect(sentencesOf('Forwarding from the client:\n"We launch in 2027. Could you tell us what share of Brits use TikTok?"')).toEqual([
      'Forwarding from the client:',
      'We launch in 2027.',
      'Could you tell us what share of Brits use TikTok?',
    ]);
  });
});

describe('a labelled question after a context sentence, its periods, markets and brands no part of it', () => {
  it.each([
    [
      'context: Red Bull brief, markets are DE/FR/ES for the summer push, creative is esports-heavy. q from strategy: are Gen Z in Spain more likely than Millennials to have had an energy drink in the past week?',
      'drinks_consumed',
      ['es'],
    ],
    [
      'context: Nike relaunch in Q1 2027 across the UK and Germany. question for you: what share of Gen Z in Germany use TikTok?',
      'social_platform_usage',
      ['de'],
    ],
    ['bg: Heineken pitch, launching across BR and MX in Q2 2027. ask from the client: how many Brazilians use Instagram?', 'social_platform_usage', ['br']],
    ['fyi the Spotify team moves to Q3 2027 for the US launch. q for you: what share of Japanese use Netflix?', 'streaming_services_used', ['jp']],
    [
      'Contexto: campaña de Adidas en Q1 2027 para Francia y Alemania. Pregunta del cliente: ¿qué porcentaje de españoles usa Instagram?',
      'social_platform_usage',
      ['es'],
    ],
  ])('%s', (prompt, question, markets) => {
    const plan = answerPlan(prompt, demo);
    expect(plan.topic?.question).toBe(question);
    expect(plan.locations.map((l) => l.code)).toEqual(markets);
  });
});

describe('a question quoted from a client', () => {
  it.each([
    [
      'Hi team, forwarding from the client:\n\n"We\'re relaunching our app in Q1 2027 across the US and the UK. Before Thursday, could you tell us what share of Brits use TikTok?"\n\nThanks!',
      ['gb'],
    ],
    ['From the client, verbatim: “We go live in Germany in 2027 with Spotify. What share of Germans use TikTok?”', ['de']],
    ['Le client nous écrit : « Nous lançons en 2027 en France avec Deezer. Quelle part des Français utilise TikTok ? »', ['fr']],
    ['Der Kunde schreibt: „Wir starten 2027 in Deutschland mit Zalando. Wie viele Deutsche nutzen TikTok?“', ['de']],
    ['Client email below.\n"Our Q2 2027 launch covers Brazil and Mexico.\nCan you pull the share of Brazilians who use TikTok?"', ['br']],
  ])('%s', (prompt, markets) => {
    const plan = answerPlan(prompt, demo);
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(['tiktok']);
    expect(plan.locations.map((l) => l.code)).toEqual(markets);
  });
});
