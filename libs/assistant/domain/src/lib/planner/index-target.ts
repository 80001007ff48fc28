import { DIFFERENCE_CUES, INDEX_CUES } from '../intents';
import { LEXICON } from '../../lexicon/lexicon';
import { Span } from './types';

/*
 * What a prompt's opening "which"/"what" phrase covers, and what an index or a difference is
 * measured on ("over-index on TikTok", "more likely to own a robot vacuum"): the words that roles.ts
 * keeps out of the people profiled.
 */

const G = LEXICON.grammar;

/** Verbs of describing, whose object is the group ("what characterises TikTok users"): they end a "what" phrase and are never an index's target cue. */
const PROFILE_VERBS = new Set(LEXICON.cues.profileVerbs);
/** "What's different about vegetarians", "what stands out about ...": a word of difference after "what" is no noun of its phrase. */
const DIFFERENCE_HEADS = new Set(
  DIFFERENCE_CUES.map((c) => c.split(' ')[0]).filter((w) => !['over', 'key', 'biggest', 'strongest', 'all', 'their'].includes(w)),
);

/** Where the noun phrase of an opening "which"/"what" ends (0 when the prompt opens otherwise). */
export function whPhraseEnd(words: string[]): number {
  if (!['which', 'what'].includes(words[0] ?? '')) return 0;
  const verb = words.findIndex(
    (w, i) =>
      i > 0 &&
      (w === '|' ||
        PROFILE_VERBS.has(w) ||
        DIFFERENCE_HEADS.has(w) ||
        /^(do|does|did|is|are|was|were|have|has|can|will|would|make|makes|over|under|skew|skews|index|indexes)$/.test(w)),
  );
  return verb < 0 ? words.length : verb;
}

/** Index and difference cues that a target may follow ("over-index on X", "more likely to own X"). */
const TARGET_CUES = [...INDEX_CUES, ...DIFFERENCE_CUES, 'likely', 'likelier', 'more', 'less'].filter((c) => !PROFILE_VERBS.has(c)).map((c) => c.split(' '));

/** Words that may stand between an index cue and what it is measured on. */
const TARGET_GAP = new Set(G.targetGap);

/**
 * Whether a datapoint mention is what an index is measured on: it follows an index or
 * difference cue with only linking words between ("over-index on TikTok", "more likely than
 * average to own a robot vacuum", "over-represented among Netflix users").
 */
export function isIndexTarget(words: string[], used: ReadonlySet<number>, span: Pick<Span, 'start'>): boolean {
  // "over-index on printed newspapers as a source of news": what the target is said as is the target's.
  const as = words.lastIndexOf('as', span.start - 1);
  if (as > 0 && span.start - as <= 5 && used.has(as - 1) && words.slice(as + 1, span.start).every((w, k) => w !== '|' && !used.has(as + 1 + k))) {
    let start = as - 1;
    while (start > 0 && used.has(start - 1)) start--;
    if (isIndexTarget(words, used, { start })) return true;
  }
  for (let end = span.start; end > 0; end--) {
    for (const cue of TARGET_CUES) {
      const from = end - cue.length;
      if (from >= 0 && cue.every((w, k) => words[from + k] === w)) return true;
    }
    const w = words[end - 1];
    if (!TARGET_GAP.has(w) && !used.has(end - 1)) return false;
  }
  return false;
}
