import { BASE_PHRASES, COMPARISON_CUES, cueRegex, DIFFERENCE_CUES, INDEX_CUES, RANKING_CUES, SHARE_CUES, TREND_CUES } from '../intents';
import { GROUP_NOUNS } from '../synonyms';
import { LEXICON } from '../../lexicon/lexicon';

/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

/** Words that join two sides of a comparison. */
export const CONNECTORS = new Set(G.connectors);

/** Words that refer to people named elsewhere (an earlier prompt, a docked audience). */
export const PEOPLE_REFERENCES = new Set(G.peopleReferences);
export const GROUP_WORDS = new Set(G.groupWords);

export const TREND = cueRegex(TREND_CUES);
export const INDEX = cueRegex(INDEX_CUES);
export const DIFFERENCE = cueRegex(DIFFERENCE_CUES);
export const COMPARISON = cueRegex(COMPARISON_CUES);
export const RANKING = cueRegex(RANKING_CUES);
export const SHARE = cueRegex(SHARE_CUES);
/** Requests to describe a group, read as its open profile when no topic is named. */
export const PROFILE_REQUEST = new RegExp(`${cueRegex(LEXICON.cues.profileRequests).source}|\\binsights? (about|into|on)\\b|\\bwhat are .+ like\\b`);
/** "The number of Spotify users": a headcount of a group. */
export const NUMBER_OF_GROUP = new RegExp(`\\bnumber of (\\w+ ){0,3}(${[...GROUP_NOUNS].join('|')})\\b`);
export const MULTIWORD_CUES = [...RANKING_CUES, ...COMPARISON_CUES, ...TREND_CUES].filter((p) => p.includes(' '));
/** A group set against the base in words ("compared to everyone else", "than the average person", "above the general population"; `grammar.json` `baseLinks`). */
export const BASE_CONTRAST = new RegExp(`\\b(${G.baseLinks.join('|')}) (${BASE_PHRASES.join('|')})\\b`);
