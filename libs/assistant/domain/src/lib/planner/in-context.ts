import { AnalysisPlan, PlanAudience, PlannerCatalogue, PlanOutcome } from '../assistant.types';
import { detectLanguage } from '../languages';
import { BriefFocus, focusBrief } from './brief';
import { cannotAnswer, measuredAfterAll, measuredAsAsked, standsOnWords } from './cannot-answer';
import { unusedNote, unusedWords } from './coverage';
import { unknownPeople } from './unknown-people';
import { nameInsideWord } from './name-inside-word';
import { fullNameAsked } from './partial-names';
import { nameDocked } from './docked';
import { shiftedPeriod } from './follow-up-period';
import { removedFilter } from './follow-up-remove';
import { referToHistory } from './follow-up-history';
import { answerToUnanswered, correctionOfAnswer } from './follow-up-unanswered';
import { meantAnswer } from './follow-up-meant';
import { measureOfReferredThing } from './follow-up-topic-ref';
import { rewriteReplacement, rewriteSideBySide } from './follow-up-replace';
import { EVERYONE } from './constants';
import { refuse } from './outcomes';
import { findUnmeasured } from './unanswerable';
import { boundBeyondBands } from './band-bounds';
import { askedInEnglish } from './ask-in-english';
import { withoutAnyPurpose, withoutPurpose } from './purpose-phrase';
import { pointedSide } from './side-pointer';
import { oppositeOfPrevious } from './follow-up-opposite';
import { withPreviousPeople } from './previous-people';
import { withoutContextSentences } from './context-sentence';

/** What the context stage needs of a planner's input (the planner's `PlanInput`). */
export interface ContextInput {
  prompt: string;
  catalogue: PlannerCatalogue;
  previous?: AnalysisPlan | null;
  history?: AnalysisPlan[];
  docked?: PlanAudience[];
  unanswered?: string | null;
}

/**
 * The context stage around the question planner: a long brief is read for its question, a
 * follow-up that replaces one thing is put in the form that replaces it, an ask the catalogue
 * cannot measure is refused with the nearest question it can answer, and an answer reports the
 * prompt's words it did not use. A prompt of one sentence, with nothing unmeasurable in it, is
 * planned exactly as written.
 */
export function planInContext<I extends ContextInput>(given: I, planQuestion: (input: I) => PlanOutcome): PlanOutcome {
  // "Quick one for a client deck. And for women?": a sentence before the ask that names nothing and asks nothing is context.
  const context = withoutContextSentences(given.prompt, given);
  if (context) given = { ...given, prompt: context.text };
  // "Compare both of them", "go back to the first market": the turn continues a plan made of earlier ones.
  // "Sorry, I meant Spaniards" after a refused turn: that turn asked again, with the correction.
  // "I meant the payment one" after "Apple": the answer of that name the words of its question describe.
  // "Perdón, quería decir los brasileños" after an answer: the one thing it names, as a follow-up.
  const corrected =
    meantAnswer(given.prompt, given.unanswered, given.previous, given.catalogue) ??
    answerToUnanswered(given.prompt, given.unanswered, given.catalogue) ??
    (given.previous && !given.unanswered ? correctionOfAnswer(given.prompt, given.catalogue) : null);
  if (corrected) given = { ...given, prompt: corrected, unanswered: null };
  // "Could you pull that for the Snap pitch?": what the answer is for is background, its brand no topic.
  const purpose = withoutPurpose(given.prompt, given.catalogue, Boolean(given.previous));
  if (purpose) given = { ...given, prompt: purpose.text };
  // "Size the first group": one side of the last answer by its place, written as its name.
  const side = pointedSide(given.prompt, given.previous);
  if (side) given = { ...given, prompt: side };
  // "And the opposite?": the people who do not give the last answer's subject.
  const opposite = oppositeOfPrevious(given.prompt, given.previous, given.catalogue);
  if (opposite) given = { ...given, prompt: opposite };
  const reference = referToHistory(given.prompt, given.history, given.docked?.length ?? 0);
  const input: I = reference ? { ...given, prompt: reference.prompt, previous: reference.previous } : given;
  const raw = input.prompt.trim();
  const brief = focusBrief(raw, input.catalogue);
  const planned = planAsked(input, raw, brief, brief ? brief.resolved : raw, planQuestion);
  // "Do you have Netflix's revenue in Japan? If not, the share who use Netflix would do.": the
  // brief's second-best ask is planned when its question is refused, and the refusal is noted.
  if (!brief?.fallback || planned.outcome !== 'refuse') return planned;
  const fallback = planAsked(input, raw, { ...brief, ask: brief.fallback.ask }, brief.fallback.resolved, planQuestion);
  if (fallback.outcome !== 'answer') return planned;
  return { ...fallback, notes: [`I cannot answer “${brief.ask}”: ${planned.message}`, ...fallback.notes] };
}

function planAsked<I extends ContextInput>(
  input: I,
  raw: string,
  brief: BriefFocus | null,
  asked: string,
  planQuestion: (input: I) => PlanOutcome,
): PlanOutcome {
  const shifted = shiftedPeriod(asked, input.previous, input.catalogue);
  const removal = shifted ? null : removedFilter(asked, input.previous, input.catalogue);
  const prompt = nameDocked(
    rewriteSideBySide(removal?.prompt ?? shifted ?? rewriteReplacement(asked, input.previous, input.catalogue)),
    input.docked,
    input.previous?.audiences,
  );
  // "How often do they use it?" after TikTok: another measure of the thing the last turn was about.
  const referred =
    removal || shifted
      ? null
      : measureOfReferredThing(prompt, input.previous, input.catalogue, (p, previous) => planQuestion({ ...input, prompt: p, previous }));
  let planned = withEveryone(referred ?? planQuestion(prompt === raw ? input : { ...input, prompt }), removal?.everyone === true);
  // "How many of them are men?": the people the last answer counted are the audience of another question.
  planned = withPreviousPeople(prompt, planned, input.previous);

  const unmeasured = findUnmeasured(withoutAnyPurpose(prompt), input.catalogue);
  let measured = !unmeasured || measuredAfterAll(unmeasured, prompt, planned, input.catalogue);
  // "Why do Brazilians play video games?": asked as "what are the reasons ...", a question of reasons may measure it.
  const reworded = unmeasured?.askedAs && !measured ? planQuestion({ ...input, prompt: unmeasured.askedAs }) : null;
  if (unmeasured && reworded && measuredAsAsked(unmeasured, prompt, reworded, input.catalogue)) {
    planned = reworded;
    measured = true;
  }
  // "Und wie oft nutzen sie es?": the ask was found in the prompt's English words ("how often"),
  // which the language tables may not give the planner; read in them, it may be measured after all.
  const english = unmeasured && !measured && !removal && !shifted ? inEnglish(prompt, input.catalogue) : null;
  if (unmeasured && english) {
    const reread =
      measureOfReferredThing(english, input.previous, input.catalogue, (p, previous) => planQuestion({ ...input, prompt: p, previous })) ??
      planQuestion({ ...input, prompt: english });
    measured = measuredAfterAll(unmeasured, english, reread, input.catalogue);
    if (measured) planned = reread;
  }
  if (unmeasured && !measured) {
    // The nearest question comes from the rest of the prompt: what it asks about, less the measure it lacks.
    const rest = planQuestion({ ...input, prompt: unmeasured.rest });
    // Not the whole prompt's topic: that is the neighbouring question the ask must not be answered with.
    const base = rest.outcome === 'answer' && standsOnWords(rest.plan.topic, unmeasured.rest, input.catalogue) ? rest.plan.topic : null;
    return cannotAnswer(unmeasured, base, input.catalogue);
  }
  if (planned.outcome !== 'answer') return planned;
  // "More than 10 hours of sleep" when the top band is "More than 8 hours": the bands cannot say it.
  const beyond = boundBeyondBands(prompt, planned.plan, input.catalogue);
  if (beyond) return cannotAnswer(beyond, planned.plan.topic, input.catalogue);

  // "Aware of Telekom": an answer said by the distinctive word of its longer name is what is asked about.
  const fuller = fullNameAsked(prompt, planned.plan, input.catalogue);
  const again = fuller ? planQuestion({ ...input, prompt: fuller.prompt }) : null;
  if (fuller && again?.outcome === 'answer' && again.plan.topic?.datapoints.some((d) => d.name === fuller.name)) {
    planned = { ...again, notes: [...again.notes, fuller.note] };
  }

  const notes = [...planned.notes];
  if (brief) notes.push(`I answered the question “${brief.ask}” and read the rest of your message as background.`);
  for (const other of brief?.others ?? []) notes.push(`You also asked “${other}”: ask it on its own and I will answer it next.`);
  // What the answer is for ("for our churn deck") is background: its words are not reported back.
  const unused = detectLanguage(prompt) === 'en' ? unusedWords(withoutAnyPurpose(prompt), planned.plan, input.catalogue) : [];
  // "What share of commuters ...": people no question defines are no audience to answer for.
  const unknown = unknownPeople(prompt, unused);
  if (unknown) return refuse('no-data', `The survey does not say who “${unknown}” are: no question asks it, so I cannot answer for them.`, [unknown]);
  // "Aware of Gymshark" read as the brand Shark: the name asked for is not in the catalogue.
  const inside = nameInsideWord(prompt, planned.plan, unused);
  if (inside) return refuse('no-data', `The survey has no data on “${inside}”: it is not among the answers of any question.`, [inside]);
  const note = unusedNote(unused);
  if (note) notes.push(note);
  return { ...planned, notes, ...(unused.length > 0 ? { unused } : {}) };
}

/** A prompt of another language as the English words its measures are read in, or null for English. */
function inEnglish(prompt: string, catalogue: PlannerCatalogue): string | null {
  if (detectLanguage(prompt) === 'en') return null;
  const english = askedInEnglish(prompt, catalogue).join(' ');
  return english.trim() === '' ? null : english;
}

/** A follow-up that drops the audience ("for everyone"): the answer is for all respondents. */
function withEveryone(planned: PlanOutcome, everyone: boolean): PlanOutcome {
  return everyone && planned.outcome === 'answer' ? { ...planned, plan: { ...planned.plan, audiences: [EVERYONE] } } : planned;
}
