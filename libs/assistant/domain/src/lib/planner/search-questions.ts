import { PlannerCatalogue, PlannerQuestion } from '../assistant.types';
import { indexOf } from '../catalogue-index';
import { normalize, stem, STOPWORDS } from '../text';
import { findSpans } from './spans';

/**
 * Questions matching a free-text query, best first (the MCP `search_questions` tool): datapoint
 * names (typos allowed) count most, then words of the question's name, then of its description.
 */
export function searchQuestions(query: string, catalogue: PlannerCatalogue): PlannerQuestion[] {
  const index = indexOf(catalogue);
  const words = normalize(query)
    .trim()
    .split(' ')
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
  const spans = findSpans(words, new Set(), index, new Set(), 'en', catalogue).filter((s) => s.entry.kind === 'datapoint');
  const stems = new Set(words.map(stem));
  const ranked: { question: PlannerQuestion; score: number }[] = [];
  for (const q of catalogue.questions) {
    const own = index.questionWords.get(q.code);
    if (!own) continue;
    let score = 0;
    for (const s of spans) if (s.entry.kind === 'datapoint' && s.entry.refs.some((r) => r.question.code === q.code)) score += 10;
    for (const st of stems) {
      const idf = Math.log(1 + index.questionCount / (index.df.get(st) ?? index.questionCount));
      if (own.name.has(st)) score += 3 * idf;
      else if (own.description.has(st)) score += idf;
    }
    if (score > 0) ranked.push({ question: q, score });
  }
  return ranked.sort((a, b) => b.score - a.score).map((r) => r.question);
}
