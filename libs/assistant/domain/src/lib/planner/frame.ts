import { PlannerLocation } from '../assistant.types';
import { GROUP_WORDS, PEOPLE_REFERENCES } from './cues';
import { readCount, readKindCues, refineKindCues } from './kind';
import { groupDescriptions, profileRequestWords } from './group-description';
import { askedDemographics, assignRoles } from './roles';
import { asksForSize } from './subject';
import { Frame, PromptContext } from './types';

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
  // "Do they over-index on Netflix?" with nothing before it: "they" refers to no one (asked
  // once the topic is known to be in the data).
  const they = words.findIndex((w, i) => PEOPLE_REFERENCES.has(w) || (['this', 'these', 'those'].includes(w) && GROUP_WORDS.has(words[i + 1] ?? '')));
  const noOne = they >= 0 && previous === null && docked.length === 0 && !reading.spans.some((s) => s.start < they);
  const contextAudience = docked.length > 0 || (previous !== null && previous.audiences.some((a) => a.origin !== 'everyone') && ctx.followUpWords) || they >= 0;
  // A difference between several named markets is a comparison of them, not a profile.
  const profiling = (cues.indexing || cues.explicitIndex) && (cues.explicitIndex || markets.length <= 1);
  // A follow-up of an answer with a topic measures that topic: people it names ("what about TikTok users?") are a group.
  const topicKept = previous !== null && previous.topic !== null && ctx.followUpWords;
  const roles = assignRoles(reading, index, catalogue, { indexing: profiling, contextAudience, topicKept });
  refineKindCues(ctx, cues, roles, markets.length, they);
  groupDescriptions(reading, roles, index, cues);
  profileRequestWords(reading);
  return { cues, roles, they, noOne, count: readCount(ctx.text) || asksForSize(ctx.words) };
}
