import { PlannerCatalogue } from '../assistant.types';
import { CatalogueIndex } from '../catalogue-index';
import { bandsMeant, Quantity } from '../quantities';
import { FUNCTION_WORDS, stem, STOPWORDS } from '../text';
import { LEXICON } from '../../lexicon/lexicon';
import { wordsOf } from './mentions';
import { Span } from './types';

const G = LEXICON.grammar;
const RELATIVE_HEADS = new Set(G.relativeHeads);
/** Verbs of earning that make the people before them a group of income (`grammar.json` `earningVerbs`). */
const EARNING = new Set(G.earningVerbs);
const content = (w: string) => w.length > 2 && !STOPWORDS.has(w) && !FUNCTION_WORDS.has(w) && !/^\d/.test(w);

/**
 * "People who exercise at least once a week", "households earning under $50,000", "Americans
 * earning six figures": an amount or frequency said in a clause about people names them as a
 * group, by the bands it means of the one banded question the clause's words name. Read as a
 * span of those answers, so roles treat it as any answer naming people; the amount is then not
 * also the topic. Only when something else is measured after the clause.
 */
export function amountGroups(
  words: readonly string[],
  quantities: readonly Quantity[],
  spans: readonly Span[],
  catalogue: PlannerCatalogue,
  index: CatalogueIndex,
): { spans: Span[]; quantities: Quantity[] } {
  const out: Span[] = [];
  const left: Quantity[] = [];
  for (const q of quantities) {
    const clauseStart = words.lastIndexOf('|', q.start) + 1;
    const lead = words.slice(Math.max(clauseStart, q.start - 8), q.start);
    // "people in the UK who exercise ...": the people before "who", a market or two between.
    const who = lead.findIndex((w, k) => (w === 'who' || w === 'that') && lead.slice(0, k).some((x) => RELATIVE_HEADS.has(x)));
    const earning = lead.findIndex((w) => EARNING.has(w));
    const measuredAfter = spans.some((s) => s.start >= q.end && s.entry.kind === 'datapoint');
    if ((who < 0 && earning < 0) || !measuredAfter) {
      left.push(q);
      continue;
    }
    // The clause's words around the amount name the question ("exercise", "earning", "social media").
    // After the amount, only words that go on about it ("... on social media"), up to the clause's end.
    const next = words.slice(q.end, Math.min(words.length, q.end + 4));
    const cut = next.indexOf('|');
    const after = FUNCTION_WORDS.has(next[0] ?? '') ? next.slice(0, cut < 0 ? next.length : cut) : [];
    const said = new Set([...lead.slice(Math.max(0, who, earning)), ...after].filter(content).map(stem));
    const scored = catalogue.questions
      .filter((question) => question.entitled && question.suffixes.length === 0)
      .map((question) => {
        const meant = bandsMeant(index.bands.get(question.code) ?? [], q);
        const own = new Set(wordsOf(`${question.name} ${question.description}`).filter(content).map(stem));
        return { question, meant, overlap: [...said].filter((s) => own.has(s)).length };
      })
      .filter((x) => x.meant.length > 0 && x.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap);
    if (scored.length === 0 || (scored.length > 1 && scored[1].overlap === scored[0].overlap)) {
      left.push(q);
      continue;
    }
    const { question, meant } = scored[0];
    // "... on social media": the words after the amount that name its question are the group's too.
    const own = new Set(wordsOf(question.name).filter(content).map(stem));
    let end = q.end;
    for (let i = q.end; i < q.end + after.length; i++) {
      if (own.has(stem(words[i]))) end = i + 1;
      else if (content(words[i])) break;
    }
    out.push({
      start: q.start,
      end,
      typo: false,
      amountGroup: true,
      entry: {
        kind: 'datapoint',
        words: words.slice(q.start, end),
        refs: meant.map((k) => ({ question, datapoint: { code: question.datapoints[k].code, name: question.datapoints[k].name }, partial: false })),
      },
    });
  }
  return { spans: out, quantities: left };
}
