import { PlannerLocation } from '../assistant.types';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { promptContext } from './context';
import { readFrame } from './frame';
import { readMarkets } from './markets';
import { qualifierFit, withoutGroupNames } from './qualifier-fit';
import { chooseTopic } from './topic';

const catalogue = demoPlannerCatalogue();
const question = (code: string) => catalogue.questions.find((q) => q.code === code)!;

function topicOf(prompt: string) {
  const ctx = promptContext({ catalogue }, prompt);
  const frame = readFrame(ctx, (readMarkets(ctx) as { markets: PlannerLocation[] }).markets);
  return chooseTopic(ctx.reading, frame.roles, ctx.index, catalogue, frame.cues).topic?.question;
}

describe('qualifierFit: a qualifier before a noun says which kind of thing', () => {
  it('the kind said picks the question of that kind, however the rest is phrased', () => {
    expect(topicOf('which music streaming services do Germans use?')).toBe('music_streaming_services');
    expect(topicOf('music streaming services used in the UK')).toBe('music_streaming_services');
    expect(topicOf('top music streaming apps in France')).toBe('music_streaming_services');
    expect(topicOf('video streaming services used in France')).toBe('streaming_services_used');
  });

  it('no qualifier, or a verb before the noun, leaves the choice to the other words', () => {
    expect(topicOf('Which streaming services do Germans use?')).toBe('streaming_services_used');
    expect(qualifierFit(['most', 'watched', 'streaming', 'service'], question('streaming_services_used'), catalogue)).toBe(0);
    expect(qualifierFit(['play', 'video', 'games'], question('gaming_reasons'), catalogue)).toBe(0);
  });

  it('the other kind loses, the said kind gains', () => {
    const words = ['music', 'streaming', 'services'];
    expect(qualifierFit(words, question('streaming_services_used'), catalogue)).toBeLessThan(0);
    expect(qualifierFit(words, question('music_streaming_services'), catalogue)).toBeGreaterThan(0);
  });
});

describe("withoutGroupNames: a group's name and the next word are no qualifier and noun", () => {
  it("sets apart the names of the people, keeping the topic's", () => {
    const ctx = promptContext({ catalogue }, 'What share of people without a pet own a robot vacuum?');
    const frame = readFrame(ctx, (readMarkets(ctx) as { markets: PlannerLocation[] }).markets);
    const words = withoutGroupNames(ctx.reading, frame.roles.topicSpans);
    expect(words).not.toContain('pet');
    expect(words).toEqual(expect.arrayContaining(['own', 'robot', 'vacuum']));
    expect(topicOf('What share of people without a pet own a robot vacuum?')).toBe('smart_home_devices');
  });
});
