import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { resolveTopicReference } from './brief-topic-ref';

const demo = demoPlannerCatalogue();

describe('resolveTopicReference', () => {
  it('reads "it" or "them" in a question that names nothing to measure as the one thing the context names', () => {
    expect(resolveTopicReference('What share of Gen Z in Spain use it?', 'Our client is Spotify and they plan a student push.', demo)).toBe(
      'What share of Gen Z in Spain use spotify?',
    );
    expect(resolveTopicReference('How many Gen Z in the UK drink them?', 'The client makes energy drinks.', demo)).toBe(
      'How many Gen Z in the UK drink energy drinks?',
    );
  });
  it('leaves a question that names its own topic, or a context that names several things', () => {
    expect(resolveTopicReference('What share of Gen Z use TikTok for it?', 'Our client is Spotify.', demo)).toBe('What share of Gen Z use TikTok for it?');
    expect(resolveTopicReference('What share of Gen Z use it?', 'The client weighs Spotify against Deezer.', demo)).toBe('What share of Gen Z use it?');
  });
});
