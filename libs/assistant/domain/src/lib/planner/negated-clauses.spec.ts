import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan, topicAndAudiences } from '../testing/plan-answer';
import { indexOf } from '../catalogue-index';
import { negatedClauseSpans } from './negated-clauses';
import { read } from './read';

const catalogue = demoPlannerCatalogue();

/** The audience span a negated clause became, as its words and expression. */
const clauseOf = (prompt: string) => {
  const reading = read(prompt, catalogue, indexOf(catalogue));
  const span = reading.spans.find((s) => s.entry.kind === 'audience' && s.entry.saved === null && s.entry.words.length > 1);
  return span && span.entry.kind === 'audience' ? { words: span.entry.words.join(' '), expression: span.entry.expression } : null;
};

describe('negatedClauseSpans', () => {
  it("reads a negated clause of having as the question's own negative answer", () => {
    expect(clauseOf("What share of people who don't have a car use Uber?")?.expression).toEqual({ question: 'car_ownership', datapoints: ['no_car'] });
    expect(clauseOf('How many Americans without a pet own a robot vacuum?')?.expression).toEqual({ question: 'pets_owned', datapoints: ['no_pets'] });
  });

  it('keeps the negation word of the answer: "have never smoked" is Never smoked, "don\'t smoke" is not', () => {
    expect(clauseOf('Among people who have never smoked, what share drink coffee?')?.expression).toEqual({
      question: 'smoking_status',
      datapoints: ['never_smoked'],
    });
    expect(clauseOf("Among people who don't smoke, what share drink coffee?")).toBeNull();
  });

  it('reads what the lexicon says a negated clause denies, in the languages of the markets', () => {
    const meatFree = { question: 'diets_followed', datapoints: ['vegetarian', 'vegan'] };
    expect(clauseOf("What share of people who don't eat meat drink oat milk?")?.expression).toEqual(meatFree);
    expect(clauseOf('Welcher Anteil der Deutschen, die kein Fleisch essen, nutzt Instagram?')?.expression).toEqual(meatFree);
    expect(clauseOf('personas que no comen carne en España: qué porcentaje bebe kombucha?')?.expression).toEqual(meatFree);
    expect(clauseOf("Parmi les gens qui ne boivent pas d'alcool, quelle part boit du kombucha ?")?.expression).toEqual({
      question: 'alcohol_frequency',
      datapoints: ['never'],
    });
  });

  it('leaves a verb that goes on to an answer of its own, and a clause with no answer of its own', () => {
    expect(clauseOf("What share of people who don't drink coffee drink tea?")).toBeNull();
    expect(clauseOf("What share of people who don't use TikTok use Instagram?")).toBeNull();
  });

  it('takes no market after the clause into it', () => {
    expect(clauseOf('personas que no comen carne en España: qué porcentaje bebe kombucha?')?.words).not.toContain('espana');
  });

  it('returns the spans unchanged when no clause is negated', () => {
    const reading = read('What share of Germans use TikTok?', catalogue, indexOf(catalogue));
    expect(negatedClauseSpans(reading.words, reading.spans, indexOf(catalogue), catalogue)).toEqual(reading.spans);
  });

  it('keeps the negation in the audience clause only: the topic is not negated', () => {
    const plan = answerPlan("Do people who don't have children use Disney+?", catalogue);
    expect(topicAndAudiences(plan)).toEqual({ topic: 'streaming_services_used', audiences: [{ question: 'parent_status', datapoints: ['not_parent'] }] });
    expect(plan.topic?.negate ?? false).toBe(false);
  });
});

describe('a negated clause with nothing else measured', () => {
  it('stays what is asked about', () => {
    expect(clauseOf("What share of Brits don't have a car?")).toBeNull();
  });
});

describe('a negated clause followed by the verb of having of what is measured', () => {
  it('ends before that verb: "Americans without a pet have a robot vacuum"', () => {
    expect(clauseOf('What share of Americans without a pet have a robot vacuum?')?.expression).toEqual({ question: 'pets_owned', datapoints: ['no_pets'] });
  });
});
