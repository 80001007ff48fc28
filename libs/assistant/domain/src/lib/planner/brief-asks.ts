import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { namesItsTopic } from './brief-questions';
import { mentionsIn } from './mentions';
import { typoDistance } from '../text';
import { alternatives, askOfClaim, askOfQuotedShare, askOfVagueShare, CHECK, claimedClause, QUOTED_SHARE } from './brief-claims';

export { QUOTED_SHARE };

const F = lexicon.askFrames;
const OPENERS = alternatives(lexicon.askOpeners);
/**
 * "I need a number for how many ...", "Looking to understand the share of ...", "Could use a read
 * on ...", "I'd like a view on ...", "the agency should quantify the proportion of ...": who asks (or who is
 * to deliver), a frame of wanting (or of obligation) (a noun frame, or a lead and a
 * verb of knowing), an article, and a noun of a piece of data with its link ("a number for").
 */
const REQUEST = new RegExp(
  `^\\s*(?:(?:${OPENERS})[\\s,]+)*(?:(${alternatives([...F.subjects, ...F.agents])})[\\s'’-]+)?(?:(${alternatives([...F.leads, ...F.obligations])})\\s+(?:${alternatives(F.verbs)})|(?:${alternatives(
    F.nouns,
  )}))(?:\\s+(?:me|us))?\\s+(?:(?:${alternatives(F.articles)})\\s+)?(?:((?:${alternatives(F.requestNouns)})\\s+(?:${alternatives(F.requestLinks)}))\\s+)?`,
  'i',
);

/**
 * What a sentence that states a request asks for: the words after its frame ("how many vegans
 * there are in the UK" of "I need a number for how many vegans ..."), when they ask on their own
 * (`startsAsking`), follow a noun of data ("a view on smartwatch ownership ..."), or name a topic
 * of the catalogue ("I need the average household size in Japan"). `null` for a statement of a
 * want that names nothing to measure ("We need to grow in Spain").
 */
export function requestedAsk(sentence: string, catalogue: PlannerCatalogue, startsAsking: (text: string) => boolean): string | null {
  const m = REQUEST.exec(sentence);
  if (!m || m[0].length >= sentence.length) return null;
  // "Need the number of Gen X who ...": a request noun that asks for a count stays in the ask.
  const counted = m[3] !== undefined && F.countRequests.includes(m[3].toLowerCase().replace(/\s+/g, ' '));
  const rest = `${counted ? `${m[3]} ` : ''}${sentence.slice(m[0].length).trim()}`;
  // Without who asks, a frame word opens many statements ("After that I'll ..."): only a noun of data or an ask after it asks.
  if (!(m[3] !== undefined || startsAsking(rest) || (m[1] !== undefined && namesItsTopic(rest, catalogue)))) return null;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

const FB = lexicon.fallbackAsks;
const FALLBACK_OPENER = new RegExp(`^\\s*(?:${alternatives(FB.openers)})\\b[\\s,:;—–-]*`, 'i');
const FALLBACK_CLOSER = new RegExp(`\\s*[,—–-]?\\s*\\b(?:${alternatives(FB.closers)})\\s*[.!?？]*\\s*$`, 'i');

/**
 * "If not, the share of people in Japan who use Netflix would do.", "Otherwise, what share ...?":
 * the ask a brief offers in place of its main one, without its opener and closer, when it names
 * something of the catalogue. `null` for any other sentence.
 */
export function fallbackAsk(sentence: string, catalogue: PlannerCatalogue): string | null {
  const opener = FALLBACK_OPENER.exec(sentence);
  if (!opener) return null;
  const rest = sentence.slice(opener[0].length).replace(FALLBACK_CLOSER, '').trim();
  if (rest.length === 0 || mentionsIn(rest, catalogue).length === 0) return null;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * "Could you sanity-check a claim for me? The client's deck says 70% of Gen Z in France use Snapchat
 * every day.": an ask to check a figure, which names nothing to measure itself, asks for the share
 * the brief quotes (the nearest quoted share after the ask, else before it), or the claim a sentence
 * reports without a figure ("wrote that more than half of ...", "claims women are more likely than
 * men to ...": `brief-claims.ts`); an ask to check a share it quotes itself ("can you check whether 70% of ... really ...") asks for that share.
 * `null` when the ask is not a check, or nothing is quoted.
 */
export function claimAsk(ask: string, before: readonly string[], after: readonly string[], catalogue: PlannerCatalogue): string | null {
  if (!CHECK.test(ask)) return null;
  const own = askOfQuotedShare(ask);
  if (own && mentionsIn(own, catalogue).length > 0) return own;
  // "Is it true that most of them use LINE?": the share the ask's own claim says in words, whatever it names.
  const clause = claimedClause(ask);
  const vague = clause ? askOfVagueShare(clause) : null;
  if (vague) return vague;
  if (mentionsIn(ask, catalogue).length > 0 || namesItsTopic(ask, catalogue)) return null;
  for (const sentence of [...after, ...[...before].reverse()]) {
    const claim = askOfClaim(sentence);
    if (claim && mentionsIn(claim, catalogue).length > 0) return claim;
  }
  return null;
}

const AT = lexicon.askTypos;
/**
 * One letter left out, or two neighbours swapped: never a letter replaced ("knew" is not "know")
 * nor one added, since a word with one more letter is often a word of its own ("telly", "known").
 */
const oneSlip = (typed: string, word: string) =>
  typed[0] === word[0] &&
  typed.length <= word.length &&
  typoDistance(typed, word) === 1 &&
  (typed.length !== word.length || [...typed].sort().join('') === [...word].sort().join(''));

/**
 * "cleint wants to knwo which ...", "wich platforms", "sahre of": a word of asking typed with one
 * slip is read as meant, so that the sentence asks. Only the asking words are repaired here; the
 * rest of the prompt is repaired by the word stage.
 */
export function withAskWordsRepaired(prompt: string): string {
  return prompt.replace(/\p{L}+/gu, (token) => {
    const typed = token.toLowerCase();
    if (typed.length < 4 || AT.words.includes(typed)) return token;
    const meant = AT.words.filter((w) => oneSlip(typed, w));
    return meant.length === 1 ? meant[0] : token;
  });
}

const RUN_ON_CLAUSE = new RegExp(`,\\s+(?:${alternatives(lexicon.runOnClauses.subjects)})\\s`, 'i');

/** "which platforms gen z use most, they sell sneakers and ...": the question of a run-on, and the statement it runs into. */
export function splitRunOnClause(ask: string): { ask: string; rest: string } {
  const m = RUN_ON_CLAUSE.exec(ask);
  return m ? { ask: ask.slice(0, m.index), rest: ask.slice(m.index + 1).trim() } : { ask, rest: '' };
}
