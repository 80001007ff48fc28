import { EvalCase } from './eval-case';
import { CasePlanner, EvalScore, scoreEval } from './score-eval';

/*
 * Robustness by invariance (metamorphic testing): a case the planner gets right must stay right
 * when its prompt is wrapped or written the way people really type it: a greeting or a sentence
 * of context first, thanks at the end, "can you tell me" before the question, no capitals, no
 * punctuation. None of these changes what is asked, so none may change the plan.
 *
 * A perturbation has two lists of wordings: the planner may be tuned against the `tuning` ones,
 * while the `heldOut` ones are only ever scored, so that a rule learnt for one wording shows up as
 * a gap between the two instead of as robustness. Each case takes one wording, chosen by its id.
 */

export interface Perturbation {
  name: string;
  /** What the perturbation does to a prompt, for the tables. */
  what: string;
  /** Whether the perturbation says something sensible of this case's prompt. */
  applies: (evalCase: EvalCase) => boolean;
  tuning: readonly ((prompt: string) => string)[];
  heldOut: readonly ((prompt: string) => string)[];
}

export type Wordings = 'tuning' | 'held-out';

/** A prompt in English: the wrappers below are English, so prompts in other languages keep theirs. */
const inEnglish = (c: EvalCase) => c.family !== 'language' && !/[^\t\n\r\u0020-\u007e€£’‘“”–—é]/.test(c.prompt);
/** A question that opens with a word of asking ("what", "which", "how many", "who"), which a lead-in can embed. */
const WH_FIRST = /^(what|which|how|who|where|when|whats|what's)\b/i;
const lowerFirst = (p: string) => (/^[A-Z][a-z]/.test(p) ? p.charAt(0).toLowerCase() + p.slice(1) : p);
const prefix = (text: string) => (p: string) => `${text}${p}`;
const suffix = (text: string) => (p: string) => `${p.replace(/\s+$/, '')}${text}`;
/** Before the closing mark: "…in France, please?" */
const beforeEnd = (text: string) => (p: string) => {
  const m = /^(.*?)([?.!]*)\s*$/s.exec(p);
  return m ? `${m[1]}${text}${m[2]}` : `${p}${text}`;
};
/** Sentence marks and commas dropped, as people type on a phone; a decimal point or a time stays. */
const unpunctuated = (p: string) =>
  p
    .replace(/[?!;]+/g, ' ')
    .replace(/[.,:](?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Chat shorthand for common words ("people" → "ppl", "with" → "w/"), every occurrence. */
const shorthand = (pairs: readonly [RegExp, string][]) => (p: string) => pairs.reduce((text, [from, to]) => text.replace(from, to), p);
const SHORTHAND_TUNING: readonly [RegExp, string][] = [
  [/\bpeople\b/g, 'ppl'],
  [/\bwith\b/g, 'w/'],
  [/\babout\b/g, 'abt'],
  [/\bbecause\b/g, 'bc'],
];
const SHORTHAND_HELD_OUT: readonly [RegExp, string][] = [
  [/\byou\b/g, 'u'],
  [/\band\b/g, '&'],
  [/\bwithout\b/g, 'w/o'],
  [/\bpercentage\b/g, 'pct'],
];
/** Words of asking for a share in other words of the same meaning ("share of" → "proportion of"); a market share stays. */
const ASKING_TUNING: readonly [RegExp, string][] = [
  [/(?<!market )\bshare of\b/gi, 'proportion of'],
  [/\bpercentage of\b/gi, 'share of'],
  [/% of\b/g, ' percent of'],
];
const ASKING_HELD_OUT: readonly [RegExp, string][] = [
  [/(?<!market )\bshare of\b/gi, 'fraction of'],
  [/\bpercentage of\b/gi, 'proportion of'],
  [/% of\b/g, ' pct of'],
];
/** One letter dropped from the middle of the longest word of eight letters or more (the first when two tie). */
const oneTypo = (p: string) => {
  const words = p.match(/[A-Za-z]{8,}/g);
  if (!words) return p;
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const at = Math.floor(longest.length / 2);
  return p.replace(longest, longest.slice(0, at) + longest.slice(at + 1));
};

export const PERTURBATIONS: readonly Perturbation[] = [
  {
    name: 'lower-case',
    what: 'the prompt in lower case',
    applies: (c) => c.prompt !== c.prompt.toLowerCase(),
    tuning: [(p) => p.toLowerCase()],
    heldOut: [(p) => p.toLowerCase()],
  },
  {
    name: 'no-punctuation',
    what: 'question marks, full stops, commas and colons dropped',
    applies: (c) => unpunctuated(c.prompt) !== c.prompt.trim(),
    tuning: [unpunctuated],
    heldOut: [unpunctuated],
  },
  {
    name: 'greeting',
    what: 'a greeting before the prompt',
    applies: inEnglish,
    tuning: [prefix('Hi! '), prefix('Hello, '), prefix('Hey team - ')],
    heldOut: [prefix('Good morning! '), prefix('Hiya, '), prefix('Hi there. ')],
  },
  {
    name: 'context-sentence',
    what: 'a sentence of context that names nothing in the data, before the prompt',
    applies: inEnglish,
    tuning: [prefix('Quick one for a client deck. '), prefix("This is for Monday's board pack. "), prefix('Prepping a pitch, so bear with me. ')],
    heldOut: [
      prefix('Putting together slides for a workshop. '),
      prefix('I need this for a report due tomorrow. '),
      prefix('Background: we are reviewing our plans for next year. '),
    ],
  },
  {
    name: 'thanks',
    what: 'thanks after the prompt',
    applies: inEnglish,
    tuning: [suffix(' Thanks!'), suffix(' cheers'), suffix(' Thank you.')],
    heldOut: [suffix(' Many thanks.'), suffix(' thx'), suffix(' Appreciate it!')],
  },
  {
    name: 'lead-in',
    what: 'a question that opens with a word of asking, embedded in a polite lead-in',
    applies: (c) => inEnglish(c) && WH_FIRST.test(c.prompt),
    tuning: [(p) => `Can you tell me ${lowerFirst(p)}`, (p) => `I'd like to know ${lowerFirst(p)}`],
    heldOut: [(p) => `Could you find out ${lowerFirst(p)}`, (p) => `I'm wondering ${lowerFirst(p)}`],
  },
  {
    name: 'please',
    what: '"please" before the closing mark',
    applies: (c) => inEnglish(c) && !/\bplease|pls|plz\b/i.test(c.prompt),
    tuning: [beforeEnd(', please'), beforeEnd(' pls')],
    heldOut: [beforeEnd(' please'), beforeEnd(', if you can')],
  },
  {
    name: 'shorthand',
    what: 'chat shorthand for common words ("ppl", "w/", "u", "&")',
    applies: inEnglish,
    tuning: [shorthand(SHORTHAND_TUNING)],
    heldOut: [shorthand(SHORTHAND_HELD_OUT)],
  },
  {
    name: 'asking-words',
    what: 'a word of asking for a share in another word of the same meaning ("proportion of", "fraction of")',
    applies: inEnglish,
    tuning: [shorthand(ASKING_TUNING)],
    heldOut: [shorthand(ASKING_HELD_OUT)],
  },
  {
    name: 'typo',
    what: 'one letter dropped from the longest word (eight letters or more)',
    applies: (c) => /[A-Za-z]{8,}/.test(c.prompt),
    tuning: [oneTypo],
    heldOut: [oneTypo],
  },
];

/** The wording of a perturbation a case takes: fixed by its id, so that runs are comparable. */
export function wordingFor(perturbation: Perturbation, wordings: Wordings, id: string): (prompt: string) => string {
  const list = wordings === 'tuning' ? perturbation.tuning : perturbation.heldOut;
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return list[h % list.length];
}

export interface RobustnessScore {
  perturbation: string;
  /** Cases right before the perturbation, whose prompt it changes. */
  applied: number;
  /** Of those, the cases still right after it. */
  kept: number;
  share: number;
  /** The cases it broke: their ids, perturbed prompts and what differed (never printed for held-out sets). */
  broken: EvalScore['failures'];
}

/**
 * How many of the cases the planner gets right stay right under each perturbation. `baseline` is
 * the cases' unperturbed score (scored here when not given); only the final prompt of a chat is
 * perturbed, as a user would type a new turn.
 */
export function scoreRobustness(
  cases: readonly EvalCase[],
  wordings: Wordings,
  perturbations: readonly Perturbation[] = PERTURBATIONS,
  baseline: EvalScore = scoreEval(cases),
  planCase?: CasePlanner,
): RobustnessScore[] {
  const right = new Set(baseline.results.filter((r) => r.right).map((r) => r.id));
  return perturbations.map((p) => {
    const perturbed = cases
      .filter((c) => right.has(c.id) && p.applies(c))
      .map((c) => ({ before: c.prompt, after: { ...c, prompt: wordingFor(p, wordings, c.id)(c.prompt) } }))
      .filter(({ before, after }) => after.prompt !== before)
      .map(({ after }) => after);
    const score = planCase ? scoreEval(perturbed, planCase) : scoreEval(perturbed);
    const kept = score.overall.right;
    return { perturbation: p.name, applied: perturbed.length, kept, share: perturbed.length === 0 ? 1 : kept / perturbed.length, broken: score.failures };
  });
}

export function formatRobustnessTable(scores: readonly RobustnessScore[], title: string): string {
  const lines = [title, `${'perturbation'.padEnd(18)} ${'kept'.padStart(11)} ${'share'.padStart(7)}`];
  let applied = 0;
  let kept = 0;
  for (const s of scores) {
    lines.push(`${s.perturbation.padEnd(18)} ${`${s.kept}/${s.applied}`.padStart(11)} ${`${(s.share * 100).toFixed(1)}%`.padStart(7)}`);
    applied += s.applied;
    kept += s.kept;
  }
  lines.push(`${'all'.padEnd(18)} ${`${kept}/${applied}`.padStart(11)} ${`${((applied === 0 ? 1 : kept / applied) * 100).toFixed(1)}%`.padStart(7)}`);
  return lines.join('\n');
}
