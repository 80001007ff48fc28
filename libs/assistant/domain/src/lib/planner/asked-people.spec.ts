import { audienceHeadWords } from './asked-people';
import { Reading } from './types';

const readingOf = (words: string[], spans: { start: number; end: number; kind: string }[]) =>
  ({
    words,
    used: new Set<number>(),
    spans: spans.map((s) => ({ start: s.start, end: s.end, typo: false, entry: { kind: s.kind, words: words.slice(s.start, s.end) } })),
  }) as unknown as Reading;

describe('audienceHeadWords: a word for a group after the people it is made of', () => {
  it('is the audience\'s word ("the low income group", "the students segment")', () => {
    const reading = readingOf(['the', 'low', 'income', 'group', 'instead'], [{ start: 1, end: 3, kind: 'audience' }]);
    audienceHeadWords(reading);
    expect([...reading.used]).toEqual([3]);
  });

  it('leaves a word for a group after a topic, or one another mention has taken', () => {
    const afterTopic = readingOf(['tiktok', 'group'], [{ start: 0, end: 1, kind: 'datapoint' }]);
    audienceHeadWords(afterTopic);
    expect([...afterTopic.used]).toEqual([]);
    const taken = readingOf(
      ['women', 'group', 'chats'],
      [
        { start: 0, end: 1, kind: 'audience' },
        { start: 1, end: 3, kind: 'datapoint' },
      ],
    );
    audienceHeadWords(taken);
    expect([...taken.used]).toEqual([]);
  });
});
