/*
 * The narrative of a plan's subject: the engine column of a negated or combined topic ("did not
 * use TikTok", "used both Netflix and Disney+", "at least two of ...") and the words that say it,
 * and the projected number of people of a size question. The numbers stay the engine's.
 */
import { CodeName, PlanTopic, SubjectCombine, WireExpression } from './assistant.types';

/** How a column's answers make its subject; absent on a plain column (one answer, as given). */
export interface ColumnSubject {
  combine: SubjectCombine;
  minCount?: number;
  negate: boolean;
  /** The answers combined, in the order named; an answer of another question names it (`PlanTopic.also`). */
  answers: SubjectAnswer[];
}

export interface SubjectAnswer extends CodeName {
  questionName?: string;
  suffixName?: string | null;
  /** An answer respondents did not give ("TikTok but not Instagram"; `PlanTopicPart.not`). */
  not?: boolean;
}

/** The parts of a column the subject decides: its key, the datapoint it stands for and its expression. */
export interface SubjectColumnParts {
  key: string;
  datapoint: CodeName;
  expression: WireExpression;
  subject: ColumnSubject;
}

function list(names: string[], joiner: string): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${joiner} ${names[names.length - 1]}`;
}

/**
 * The engine columns of a topic whose subject is not "each answer as given", or null for a plain
 * topic: one column for a combination (`min_count` = every answer for `all`, `minCount` for
 * `at-least`, 1 for `any`), a `not: true` leaf per answer for a negated topic measured answer by
 * answer, and `not: true` on the combined leaf for a negated combination ("neither ... nor").
 */
export function subjectColumnParts(topic: PlanTopic, datapoints: CodeName[]): SubjectColumnParts[] | null {
  const combine = topic.combine ?? 'each';
  const negate = topic.negate === true;
  const suffix = topic.suffix;
  const suffixes = suffix ? { suffixes: [suffix.code] } : {};
  const tail = `${suffix ? `.${suffix.code}` : ''}${negate ? '.not' : ''}`;
  if (topic.also && topic.also.length > 0 && (combine === 'all' || combine === 'any')) return [crossColumn(topic, datapoints, combine, negate)];
  if (combine === 'each' || datapoints.length < 2) {
    if (!negate) return null;
    return datapoints.map((d) => ({
      key: `${topic.question}.${d.code}${tail}`,
      // The name lines of comparisons, rankings and trends print: "not TikTok".
      datapoint: { code: d.code, name: `not ${d.name}` },
      expression: { question: topic.question, datapoints: [d.code], ...suffixes, not: true },
      subject: { combine: 'each', negate: true, answers: [{ code: d.code, name: d.name }] },
    }));
  }
  const minCount = combine === 'all' ? datapoints.length : combine === 'at-least' ? Math.min(Math.max(1, topic.minCount ?? 1), datapoints.length) : 1;
  const codes = datapoints.map((d) => d.code);
  const how = combine === 'at-least' ? `at-least-${minCount}` : combine;
  const subject: ColumnSubject = {
    combine,
    ...(combine === 'at-least' ? { minCount } : {}),
    negate,
    answers: datapoints.map((d) => ({ code: d.code, name: d.name })),
  };
  return [
    {
      key: `${topic.question}.${how}(${codes.join('+')})${tail}`,
      datapoint: { code: codes.join('+'), name: combinedName(subject) },
      expression: {
        question: topic.question,
        datapoints: codes,
        ...suffixes,
        ...(minCount > 1 ? { min_count: minCount } : {}),
        ...(negate ? { not: true } : {}),
      },
      subject,
    },
  ];
}

/** One column across questions: `{and: [...]}` or `{or: [...]}` of a leaf per question, `not` on it when negated. */
function crossColumn(topic: PlanTopic, datapoints: CodeName[], combine: 'all' | 'any', negate: boolean): SubjectColumnParts {
  const parts = [{ question: topic.question, questionName: topic.questionName, datapoints, suffix: topic.suffix }, ...(topic.also ?? [])];
  const leaves = parts.map((p) => ({
    question: p.question,
    datapoints: p.datapoints.map((d) => d.code),
    ...(p.suffix ? { suffixes: [p.suffix.code] } : {}),
    // An excluded part is none of its answers; a given one every one of them for `all`.
    ...(!excluded(p) && combine === 'all' && p.datapoints.length > 1 ? { min_count: p.datapoints.length } : {}),
    ...(excluded(p) ? { not: true } : {}),
  }));
  const answers: SubjectAnswer[] = parts.flatMap((p) =>
    p.datapoints.map((d) => ({
      code: d.code,
      name: d.name,
      questionName: p.questionName,
      suffixName: p.suffix?.name ?? null,
      ...(excluded(p) ? { not: true } : {}),
    })),
  );
  const subject: ColumnSubject = { combine, negate, answers };
  const key = parts
    .map((p) => `${p.question}.${p.datapoints.map((d) => d.code).join('+')}${p.suffix ? `.${p.suffix.code}` : ''}${excluded(p) ? '.not' : ''}`)
    .join(combine === 'all' ? '&' : '|');
  return {
    key: `${key}${negate ? '.not' : ''}`,
    datapoint: { code: answers.map((a) => (a.not ? `not_${a.code}` : a.code)).join('+'), name: combinedName(subject) },
    expression: { [combine === 'all' ? 'and' : 'or']: leaves, ...(negate ? { not: true } : {}) },
    subject,
  };
}

const excluded = (p: { not?: boolean }) => p.not === true;

/** A combined answer's name: "Netflix and Disney+", "Spotify or Deezer", "at least 2 of A, B and C", "TikTok but not Instagram". */
function combinedName(subject: ColumnSubject): string {
  const without = subject.answers.filter(excluded).map((a) => a.name);
  if (without.length > 0 && subject.combine === 'all') {
    const given = list(
      subject.answers.filter((a) => !excluded(a)).map((a) => a.name),
      'and',
    );
    return `${given} but not ${list(without, 'or')}`;
  }
  const names = subject.answers.map((a) => a.name);
  if (subject.combine === 'all') return subject.negate ? `not all of ${list(names, 'and')}` : list(names, 'and');
  if (subject.combine === 'at-least') return `${subject.negate ? 'fewer than' : 'at least'} ${subject.minCount} of ${list(names, 'and')}`;
  return subject.negate ? `none of ${list(names, 'or')}` : list(names, 'or');
}

/**
 * What the respondents counted did, in words: "answered “TikTok” to “Q”" for a plain column, and
 * for a subject "did not answer “TikTok” to “Q”", "answered every one of “Netflix” and
 * “Disney+” to “Q”", "answered at least one of ...", "answered at least 2 of ...", "answered none
 * of “Football” or “Cricket” to “Q”", "answered fewer than 2 of ...".
 */
export function answeredPhrase(label: string, questionName: string, subject: ColumnSubject | undefined, suffixName: string | null): string {
  if (!subject) return `answered “${label}” to “${questionName}”`;
  // Answers of several questions each name their own ("“TikTok” to “Social media platforms used”").
  const across = subject.answers.some((a) => a.questionName !== undefined && a.questionName !== questionName);
  const quoted = subject.answers.map((a) => {
    const sfx = a.suffixName !== undefined ? a.suffixName : suffixName;
    const answer = `“${sfx ? `${a.name}: ${sfx}` : a.name}”`;
    return across ? `${answer} to “${a.questionName ?? questionName}”` : answer;
  });
  const q = across ? '' : ` to “${questionName}”`;
  // "TikTok but not Instagram": the answers given, then those not given.
  if (subject.combine === 'all' && subject.answers.some(excluded)) {
    const given = quoted.filter((_, k) => !excluded(subject.answers[k]));
    const without = quoted.filter((_, k) => excluded(subject.answers[k]));
    const not = without.length > 1 ? `none of ${list(without, 'or')}` : `not ${without[0]}`;
    return `answered ${given.length > 1 ? 'every one of ' : ''}${list(given, 'and')} but ${not}${q}`;
  }
  switch (subject.combine) {
    case 'each':
      return `did not answer ${list(quoted, 'or')}${q}`;
    case 'all':
      return subject.negate ? `did not answer every one of ${list(quoted, 'and')}${q}` : `answered every one of ${list(quoted, 'and')}${q}`;
    case 'any':
      return subject.negate ? `answered none of ${list(quoted, 'or')}${q}` : `answered at least one of ${list(quoted, 'or')}${q}`;
    case 'at-least':
      return subject.negate
        ? `answered fewer than ${subject.minCount} of ${list(quoted, 'and')}${q}`
        : `answered at least ${subject.minCount} of ${list(quoted, 'and')}${q}`;
  }
}

/** The subject as the opening line names it ("who did not answer “TikTok”", "who answered both ..."). */
export function subjectOpening(topic: PlanTopic): string | null {
  const combine = topic.combine ?? 'each';
  if (combine === 'each' && !topic.negate) return null;
  if (topic.datapoints.length === 0) return null;
  if (topic.also && topic.also.length > 0 && (combine === 'all' || combine === 'any'))
    return answeredPhrase('', topic.questionName, crossColumn(topic, topic.datapoints, combine, topic.negate === true).subject, topic.suffix?.name ?? null);
  const subject: ColumnSubject = {
    combine: topic.datapoints.length < 2 ? 'each' : combine,
    minCount: topic.minCount,
    negate: topic.negate === true,
    answers: topic.datapoints,
  };
  if (subject.combine === 'each' && !subject.negate) return null;
  return answeredPhrase('', topic.questionName, subject, topic.suffix?.name ?? null);
}

/**
 * The projected number of people as the text says it: the engine's weighted size rounded to a
 * whole person, with millions beside it where it is large ("about 12,345,678 people, 12.3
 * million").
 */
export function formatPeople(size: number): string {
  const whole = Math.round(size).toLocaleString('en-GB');
  return size >= 1_000_000 ? `about ${whole} people (${(size / 1_000_000).toFixed(1)} million)` : `about ${whole} people`;
}
