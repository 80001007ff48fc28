import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { indexOf } from '../catalogue-index';
import { longNameSpans } from './long-name-spans';
import { answerPlan, topicAndAudiences as shape } from '../testing/plan-answer';

const demo = demoPlannerCatalogue();
const index = indexOf(demo);
const named = (prompt: string) => longNameSpans(prompt.split(' '), new Set(), index).map((s) => s.entry.words.join(' '));

describe('longNameSpans: names said in other words', () => {
  it('reads a verb that is an inflection of the name’s own first word as that name ("read books": "Reading books")', () => {
    expect(named('people who read books regularly')).toContain('reading books');
    expect(named('who reads more books')).toContain('reading books');
  });
  it('so people named by the verb and its object are the group of that answer, not of the object alone', () => {
    expect(shape(answerPlan('Are people who read a lot of books more likely than average to own an e-reader?', demo))).toEqual({
      topic: 'devices_owned',
      audiences: [{ question: 'hobbies', datapoints: ['reading_books'] }],
    });
    expect(shape(answerPlan('Who reads more books, Gen X or Millennials?', demo)).topic).toBe('hobbies');
  });
  it('still keeps a name met through another word for its own from swallowing a name said as it is', () => {
    expect(named('people who hold a mortgage')).not.toContain('own with a mortgage');
  });
});
