import { LEXICON } from '../lexicon/lexicon';

/*
 * The words of time the planner reads (English; prompts in other languages reach it translated
 * through the phrases of `lexicon/dimensions.json`). Data, not rules: read by `readTime` (time.ts) and `waveRefs`
 * (time-refs.ts).
 */

/** Ordinal words of a quarter ("the first quarter"); "last" is the fourth. */
export const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: 4 };

/** Months, by their number, in every language read (`lexicon/dimensions.json`): "March 2025" is in the wave of the quarter it falls in. */
export const MONTHS: Record<string, number> = LEXICON.dimensions.months;

/** Words after which a leading "now" moves the conversation on rather than naming a time. */
export const DISCOURSE_NEXT = new Set(
  'compare show what how and same also give tell only just do does for let break split add plot rank list make can could please i we as in among with by to the switch swap try run redo drop remove without instead'.split(
    ' ',
  ),
);

/** Ways of saying the wave four quarters before the latest. */
export const YEAR_AGO = [
  'same quarter last year',
  'same quarter a year ago',
  'same quarter of last year',
  'same time last year',
  'this time last year',
  'same period last year',
  'same wave last year',
  'a year ago',
  'one year ago',
  '12 months ago',
  'twelve months ago',
  'four quarters ago',
  '4 quarters ago',
];

/** The cadence words among them: with a period longer than a year they pace its trend instead. */
export const YEAR_ON_YEAR = ['year on year', 'year over year', 'yoy'];

/** "Now vs a year ago", "year on year": the latest wave and the one four quarters before. */
export const NOW_VS_YEAR_AGO = [
  'year on year',
  'year over year',
  'yoy',
  'vs a year ago',
  'versus a year ago',
  'compared to a year ago',
  'compared with a year ago',
  'than a year ago',
  'vs last year',
  'versus last year',
  'compared to last year',
  'compared with last year',
  'against last year',
  'on last year',
  'than last year',
  'vs the previous year',
  'compared with the previous year',
  'compared to the previous year',
  'vs 12 months ago',
  'compared to 12 months ago',
  'compared with 12 months ago',
  'than 12 months ago',
];

/** Seasons, by the quarter they fall in most (`lexicon/dimensions.json`): "summer 2025" is Q3 2025; winter opens a year. */
export const SEASONS: Record<string, number> = LEXICON.dimensions.seasons;

/** Words for the latest wave ("these days", "nowadays" speak of the present in general: no period, the default). */
export const NOW_WORDS = ['this quarter', 'right now', 'at the moment', 'currently', 'current', 'today', 'most recent', 'now'];
/**
 * Of those, the casual words of the present ("is TikTok bigger than insta now", "biggest services rn"):
 * said alone they speak of these days (the default period); set against a named wave they are the latest.
 */
export const PRESENT_WORDS = new Set(['right now', 'now']);

/**
 * Words that set one point in time against another ("higher than in March 2025", "compared with
 * Q3 2025", "vs Q2 2025"): said of one named wave alone, the other point is the latest.
 */
export const AGAINST_WORDS = new Set(['than', 'vs', 'versus', 'against', 'compared', 'comparison', 'relative']);

/** A word of change before "on" that sets the point after it against now ("up on Q4 2025", "down on last year"). */
export const CHANGE_BEFORE_ON = new Set(['up', 'down', 'higher', 'lower']);

/** Words that may stand between a time preposition and what it governs ("since the first quarter of 2025"). */
// Articles of the other languages left untranslated ("desde o primeiro trimestre") count too.
export const DETERMINERS = new Set(['the', 'a', 'an', 'o', 'el', 'la', 'le', 'il', 'lo', 'dem', 'den']);

/** Words joining two calendar periods set against each other ("2025 vs 2026", "compare 2025 with 2026"). */
export const PERIOD_JOINS = ['compared with', 'compared to', 'as against', 'vs', 'versus', 'against', 'with', 'and', 'or', 'than'];

/** Words after a named wave that make it the start of a range to the latest ("Q4 2025 onwards"). */
export const ONWARDS = new Set(['onwards', 'onward']);

/** Words after a count of years or quarters that count it back from the latest ("two years ago", "three years back"). */
export const AGO_WORDS = new Set(['ago', 'earlier', 'before', 'back', 'prior']);

/** Units of "the last N ..." longer than a quarter, in years: "the past five years", "the last decade". */
export const YEAR_UNITS: Record<string, number> = { year: 1, years: 1, decade: 10, decades: 10 };

/**
 * Periods finer than the quarterly waves, for `readGrain` (time-grain.ts): a unit said as a series
 * ("week on week", "month by month", "the weekly trend") or as the period back from now ("over the
 * last month", "in the past few weeks").
 */
export const SUB_WAVE_UNITS: Record<string, string> = { day: 'day', days: 'day', week: 'week', weeks: 'week', month: 'month', fortnight: 'week' };
/** Words joining a unit to itself as a series ("week on week", "month over month", "day by day", "month to month"). */
export const SERIES_JOINS = new Set(['on', 'over', 'by', 'to']);
/** Adjectives of a unit before a word of change, a series too ("the weekly trend", "monthly changes"). */
export const SERIES_ADJECTIVES: Record<string, string> = { daily: 'day', weekly: 'week', monthly: 'month' };
export const SERIES_NOUNS = new Set(['trend', 'trends', 'change', 'changes', 'movement', 'movements', 'growth', 'evolution']);
/** Words before a unit that count it back from now ("last", "past"). */
// Not "this week" or "yesterday": said in a chat they are more often the deadline or the context than the period.
export const SUB_WAVE_LEADS = new Set(['last', 'past', 'previous']);
/** Words that govern such a period as the one asked ("over the last month", "what about the past week"), past `SUB_WAVE_SKIPPED`. */
export const SUB_WAVE_GOVERNORS = new Set(['over', 'in', 'during', 'since', 'for', 'within', 'across', 'throughout', 'about', 'from', 'of']);
export const SUB_WAVE_SKIPPED = new Set(['the', 'just', 'only', 'this']);

/** Words joining two calendar periods into one range ("from 2025 to 2026", "H1 through H2 2025"). */
export const PERIOD_RANGE_JOINS = ['to', 'until', 'till', 'through', 'into'];

/** Time words of the other languages, as phrases translated into the English above: in `lexicon/dimensions.json` with the dimension words (`DIMENSION_PHRASES`). */
