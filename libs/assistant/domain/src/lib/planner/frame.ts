import { PlannerLocation } from '../assistant.types';
import { GROUP_WORDS, PEOPLE_REFERENCES } from './cues';
import { indexAgainstSide, readCount, readKindCues, refineKindCues } from './kind';
import { groupDescriptions, profileRequestWords } from './group-description';
import { unitedSides } from './audience-union';
import { skewedSubject } from './skew-subject';
import { assignRoles } from './roles';
import { askedDemographics } from './asked-people';
import { asksForSize } from './subject';
import { Frame, PromptContext } from './types';
import lexicon from './context-lexicon.json';

/** Possessives that may point to people named later in their sentence ("their children, ... parents"). */
const FORWARD_REFERENCES = new Set(lexicon.forwardReferences.words);

/** Whether the reference at `they` is a possessive of an audience named after it in the same sentence. */
export function refersForward(words: readonly string[], spans: readonly { start: number; entry: { kind: string } }[], they: number): boolean {
  if (!FORWARD_REFERENCES.has(words[they] ?? '')) return false;
  const end = words.findIndex((w, i) => i > they && /^[.?!]$/.test(w));
  return spans.some((s) => s.entry.kind === 'audience' && s.start > they && (end < 0 || s.start < end));
}

/** The kind cues and the roles of the names: who is compared or profiled, what is measured. */
export function readFrame(ctx: PromptContext, markets: PlannerLocation[]): Frame {
  const { reading, words, previous, docked, index, catalogue } = ctx;
  const cues = readKindCues(ctx);
  // "Does TikTok use differ by gender?": the groups of a demographic question are the sides, not an open profile of TikTok users.
  // "Does Reddit skew older or younger?": a skew towards the groups compares them too.
  if (reading.dimension.group && (!cues.explicitIndex || reading.dimension.skewAlongGroups)) {
    cues.indexing = false;
    cues.openIndexing = false;
  }
  askedDemographics(reading, catalogue);
  // "Do daily TikTok users skew female?": the behaviour that skews is the topic.
  if (cues.indexing || cues.explicitIndex) skewedSubject(reading, catalogue);
  // "Do they over-index on Netflix?" with nothing before it: "they" refers to no one (asked
  // once the topic is known to be in the data).
  const they = words.findIndex(
    (w, i) => (PEOPLE_REFERENCES.has(w) && !inRelativeClause(words, i)) || (['this', 'these', 'those'].includes(w) && GROUP_WORDS.has(words[i + 1] ?? '')),
  );
  const noOne =
    they >= 0 && previous === null && docked.length === 0 && !reading.spans.some((s) => s.start < they) && !refersForward(words, reading.spans, they);
  const contextAudience = docked.length > 0 || (previous !== null && previous.audiences.some((a) => a.origin !== 'everyone') && ctx.followUpWords) || they >= 0;
  // A difference between several named markets is a comparison of them, not a profile.
  // Markets set against each other after a word of indexing ("the UK over-index compared with Germany") are compared too.
  const profiling = (cues.indexing || cues.explicitIndex) && (cues.explicitIndex || markets.length <= 1) && !indexAgainstSide(ctx.text, 0, markets.length);
  // A follow-up of an answer with a topic measures that topic: people it names ("what about TikTok users?") are a group.
  const topicKept = previous !== null && previous.topic !== null && ctx.followUpWords;
  const roles = assignRoles(reading, index, catalogue, { indexing: profiling, contextAudience, topicKept });
  // "Gen Z and Millennials combined": the groups taken together are one audience.
  unitedSides(roles, ctx.text, reading.raw, catalogue);
  refineKindCues(ctx, cues, roles, markets.length, they);
  groupDescriptions(reading, roles, index, cues);
  profileRequestWords(reading);
  return { cues, roles, they, noOne, count: readCount(ctx.text) || asksForSize(ctx.words) };
}

/**
 * "Share who strongly agree they always look for the cheapest price", "people who say they ...":
 * a "they" inside a relative clause is the people of that clause, not someone named before. A
 * "who" that opens its clause asks ("who are they?"); one after a word of the clause relates.
 */
export function inRelativeClause(words: string[], at: number): boolean {
  for (let i = at - 1; i > 0; i--) {
    if (words[i] === '|') return false;
    if (words[i] === 'who' && words[i - 1] !== '|') return true;
  }
  return false;
}
