import { CatalogueSnapshot, CodeRow, QuestionRow } from '../store/catalogue-snapshot';

export interface SearchHit {
  question: QuestionRow;
  score: number;
  datapoints: CodeRow[];
}

const tokenize = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(' ')
    .filter((t) => t.length > 0);

/**
 * Every query word must appear (as a word prefix) in the question's name, description or
 * one of its datapoint names. Name hits weigh most; ties break by catalogue order, so
 * paging is stable.
 */
export function searchQuestions(snapshot: CatalogueSnapshot, query: string): SearchHit[] {
  const words = tokenize(query);
  if (words.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const question of snapshot.questions) {
    const name = tokenize(question.name);
    const description = tokenize(question.description);
    const code = tokenize(question.code.replace(/_/g, ' '));
    let score = 0;
    const matchedDatapoints = new Map<string, CodeRow>();
    let all = true;
    for (const word of words) {
      const has = (tokens: string[]) => tokens.some((t) => t.startsWith(word));
      let wordScore = 0;
      if (has(name)) wordScore += 3;
      if (has(code)) wordScore += 2;
      if (has(description)) wordScore += 1;
      for (const d of question.datapoints) {
        if (has(tokenize(d.name))) {
          matchedDatapoints.set(d.code, d);
          wordScore = Math.max(wordScore, 1) + 0.5;
        }
      }
      if (wordScore === 0) {
        all = false;
        break;
      }
      score += wordScore;
    }
    if (all) hits.push({ question, score, datapoints: [...matchedDatapoints.values()] });
  }
  return hits.sort((a, b) => b.score - a.score || a.question.order - b.question.order || a.question.code.localeCompare(b.question.code));
}
