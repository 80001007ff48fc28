import { AnalysisPlan, ComputedCell } from './assistant.types';
import { writeAnswer } from './narrative';
import { columnsOf, segmentsOf } from './engine-runs';
import { planPrompt } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';
import { verdictLines } from './verdict';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue });
  if (out.outcome !== 'answer') throw new Error(out.message);
  return out.plan;
}

/** Cells as the engine would return them: `value(audience, column, segment)` is the audience % and its sample. */
function cells(p: AnalysisPlan, value: (audience: number, column: number, segment: number) => { pct: number; n?: number }): ComputedCell[] {
  const out: ComputedCell[] = [];
  const columns = columnsOf(p, catalogue);
  segmentsOf(p).forEach((s, si) =>
    p.audiences.forEach((a, ai) =>
      columns.forEach((c, ci) => {
        const { pct, n = 800 } = value(ai, ci, si);
        const positive = Math.round((n * pct) / 100);
        out.push({
          audienceId: a.id,
          datapoint: c.key,
          segment: s.key,
          audiencePercentage: pct,
          basePercentage: 20,
          index: 100,
          audienceSample: n,
          audienceSize: n * 1000,
          intersectSample: positive,
          intersectSize: positive * 1000,
          baseSample: 5000,
          baseSize: 5_000_000,
          lowBase: positive < 50,
          unreliable: positive < 30,
        });
      }),
    ),
  );
  return out;
}

const verdictOf = (p: AnalysisPlan, c: ComputedCell[]) => verdictLines(p, columnsOf(p, catalogue), segmentsOf(p), c).join('\n');

describe('verdictLines', () => {
  it('ranks markets by the projected number of people when a count is asked, not by the share', () => {
    const p = plan('Which market has the largest number of ChatGPT users?');
    expect(p.count).toBe(true);
    // India: the lowest share but by far the most people (a large sample standing for many).
    const shares = [30, 40, 35, 33, 31, 32, 34, 20, 36];
    const samples = [800, 800, 800, 800, 800, 800, 800, 8000, 800];
    const text = verdictOf(
      p,
      cells(p, (_a, _c, s) => ({ pct: shares[s], n: samples[s] })),
    );
    expect(text).toContain('(people) ranked from the highest: 1. India about 1,600,000 people (1.6 million)');
    expect(text).toContain('Highest: India at about 1,600,000 people (1.6 million), 1,280,000 people (1.3 million) more than United Kingdom');
  });

  it('ranks every market by its figure and names the highest with its lead', () => {
    const p = plan('In which country is TikTok most used?');
    const order = [30, 50, 20, 41.26, 10, 12, 14, 16, 18];
    const text = verdictOf(
      p,
      cells(p, (_a, _c, s) => ({ pct: order[s] })),
    );
    expect(text).toContain('ranked from the highest: 1. United Kingdom 50.0%, 2. France 41.3%, 3. United States 30.0%');
    expect(text).toContain('Highest: United Kingdom at 50.0%, 8.7 points above France (41.3%)');
  });

  it('names the lowest when the plan asks for it, and follows the numbers when they change', () => {
    const p = plan('Where is Facebook least popular?');
    const text = verdictOf(
      p,
      cells(p, (_a, _c, s) => ({ pct: 20 + s })),
    );
    expect(text).toMatch(/Lowest: United States at 20\.0%, 1\.0 points below United Kingdom \(21\.0%\)/);
    const flipped = verdictOf(
      p,
      cells(p, (_a, _c, s) => ({ pct: 40 - s })),
    );
    expect(flipped).toMatch(/Lowest: Australia at 32\.0%/);
  });

  it('states a tie as a tie, on the figures as printed', () => {
    const p = plan('Which age group is most likely to use TikTok?');
    const values = [40.04, 39.96, 12, 11, 10];
    const text = verdictOf(
      p,
      cells(p, (a) => ({ pct: values[a] })),
    );
    expect(text).toContain('Highest: a tie between Age group: 16-24 and Age group: 25-34 at 40.0%');
  });

  it('says when the leading figure rests on a low base, and leaves out groups too small to report', () => {
    const p = plan('Which income group is least likely to have a pension?');
    const text = verdictOf(
      p,
      cells(
        p,
        (a) =>
          [
            { pct: 5, n: 700 },
            { pct: 30, n: 20 },
            { pct: 40, n: 700 },
          ][a],
      ),
    );
    expect(text).toContain('Lowest: Household income (thirds): Low income (bottom 33%) at 5.0%');
    expect(text).toContain('low base');
    expect(text).not.toContain('Medium income');
  });

  it('computes each side’s change first to last wave and says which grew more, by how much', () => {
    const p = plan('Did TikTok grow more in the US or the UK?');
    const waves = p.waves.length;
    const text = verdictOf(
      p,
      cells(p, (_a, _c, s) => {
        const market = Math.floor(s / waves);
        const wave = s % waves;
        return { pct: market === 0 ? 20 + wave * 0.5 : 30 + wave };
      }),
    );
    expect(text).toContain('United States +3.5 points (20.0% to 23.5%)');
    expect(text).toContain('United Kingdom +7.0 points (30.0% to 37.0%)');
    expect(text).toContain('United Kingdom grew more, by 3.5 points more than United States (+7.0 against +3.5)');
  });

  it('says neither grew when both fell', () => {
    const p = plan('Which grew more over the last year, Netflix or Disney+?');
    const text = verdictOf(
      p,
      cells(p, (_a, c, s) => ({ pct: c === 0 ? 50 - s : 30 - 2 * s })),
    );
    expect(text).toContain('Neither grew: Disney+ fell most (−6.0 points), Netflix least (−3.0)');
  });

  it('a paired period says up or down and by how much', () => {
    const p = plan('Is ChatGPT usage up or down vs the same quarter last year?');
    expect(p.waves.map((w) => w.code)).toEqual(['q3_2025', 'q3_2026']);
    const text = verdictOf(
      p,
      cells(p, (_a, _c, s) => ({ pct: [31.2, 28.9][s] })),
    );
    expect(text).toBe('ChatGPT: down 2.3 points, 31.2% in Q3 2025 against 28.9% in Q3 2026.');
  });

  it('is part of the written answer, after the figures', () => {
    const p = plan('Is ChatGPT usage up or down vs the same quarter last year?');
    const answer = writeAnswer(
      p,
      columnsOf(p, catalogue),
      segmentsOf(p),
      cells(p, (_a, _c, s) => ({ pct: [20, 25][s] })),
    );
    expect(answer.message).toContain('ChatGPT: up 5.0 points, 20.0% in Q3 2025 against 25.0% in Q3 2026.');
  });

  it('states nothing when the plan asks for no verdict', () => {
    const p = plan('What share of Germans use TikTok?');
    expect(
      verdictOf(
        p,
        cells(p, () => ({ pct: 30 })),
      ),
    ).toBe('');
  });
});
