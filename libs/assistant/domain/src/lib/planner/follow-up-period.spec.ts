import { AnalysisPlan } from '../assistant.types';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { shiftedPeriod } from './follow-up-period';

const demo = demoPlannerCatalogue();
const waves = (codes: string[]) => codes.map((code) => demo.waves.find((w) => w.code === code) as { code: string; name: string });
const lastYear = { kind: 'share', waves: waves(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']) } as unknown as AnalysisPlan;

describe('shiftedPeriod', () => {
  it('moves the previous period back by the shift a follow-up names, keeping its length', () => {
    expect(shiftedPeriod('And a year earlier?', lastYear, demo)).toBe('What about Q4 2024 to Q3 2025?');
    expect(shiftedPeriod('what about two quarters before?', lastYear, demo)).toBe('What about Q2 2025 to Q1 2026?');
    const one = { kind: 'share', waves: waves(['q3_2026']) } as unknown as AnalysisPlan;
    expect(shiftedPeriod('and one quarter earlier', one, demo)).toBe('What about Q2 2026?');
  });
  it('reads the shift in the languages of the markets, the direction before or after the amount', () => {
    expect(shiftedPeriod('¿Y hace un año?', lastYear, demo)).toBe('What about Q4 2024 to Q3 2025?');
    expect(shiftedPeriod('Und vor einem Jahr?', lastYear, demo)).toBe('What about Q4 2024 to Q3 2025?');
  });
  it('reads "the previous quarter", "the year before", "el trimestre anterior" as one unit back', () => {
    expect(shiftedPeriod('How about the previous quarter?', lastYear, demo)).toBe('What about Q3 2025 to Q2 2026?');
    expect(shiftedPeriod('and the year before', lastYear, demo)).toBe('What about Q4 2024 to Q3 2025?');
    expect(shiftedPeriod('¿Y el trimestre anterior?', lastYear, demo)).toBe('What about Q3 2025 to Q2 2026?');
  });
  it('reads the words around a shift that change nothing ("same thing but", "instead")', () => {
    expect(shiftedPeriod('same thing but a year ago', lastYear, demo)).toBe('What about Q4 2024 to Q3 2025?');
    expect(shiftedPeriod('What was it a year earlier?', lastYear, demo)).toBe('What about Q4 2024 to Q3 2025?');
    expect(shiftedPeriod('the previous quarter instead, please', lastYear, demo)).toBe('What about Q3 2025 to Q2 2026?');
  });
  it('reads "the same quarter" or "the same period" before the shift as the previous period itself', () => {
    const one = { kind: 'share', waves: waves(['q2_2026']) } as unknown as AnalysisPlan;
    expect(shiftedPeriod('what about the same quarter a year earlier?', one, demo)).toBe('What about Q2 2025?');
    expect(shiftedPeriod('and the same period two years before', lastYear, demo)).toBeNull();
    expect(shiftedPeriod('¿Y el mismo trimestre hace un año?', one, demo)).toBe('What about Q2 2025?');
  });
  it('leaves anything else, a first turn, and a shift beyond the data as they are', () => {
    expect(shiftedPeriod('And a year earlier in France?', lastYear, demo)).toBeNull();
    expect(shiftedPeriod('And a year earlier?', null, demo)).toBeNull();
    expect(shiftedPeriod('And three years earlier?', lastYear, demo)).toBeNull();
  });
});
