import { valueKey, type SurveyValue, type SurveyVariable } from './survey-file.types';
import type { Wave as CatalogueWave } from '@aas/shared-contracts';
import { labelOf, slug } from './mapping-labels';
import type { SurveyMapping } from './survey-mapping.types';

/** A wave as the mapping defines it: the catalogue's wave and its position in time (0 = oldest). */
export type MappedWave = CatalogueWave & { order: number };

/** A location of the imported dataset (the catalogue's `locations` row). */
export interface ImportedLocation {
  code: string;
  name: string;
  region: string;
}

const QUARTER = /^\s*(?:q([1-4])\D*(\d{4})|(\d{4})\D*q([1-4]))\s*$/i;

/** A quarter wave from text such as "Q1 2025", "2025 Q1", "2025-Q1"; null when it reads as none. */
export function quarterWave(text: string): MappedWave | null {
  const m = QUARTER.exec(text);
  if (!m) return null;
  const quarter = Number(m[1] ?? m[4]);
  const year = Number(m[2] ?? m[3]);
  const startMonth = (quarter - 1) * 3 + 1;
  const endMonth = startMonth + 2;
  const lastDay = new Date(Date.UTC(year, endMonth, 0)).getUTCDate();
  const mm = (n: number): string => String(n).padStart(2, '0');
  return {
    code: `q${quarter}_${year}`,
    name: `Q${quarter} ${year}`,
    kind: 'quarter',
    start_date: `${year}-${mm(startMonth)}-01`,
    end_date: `${year}-${mm(endMonth)}-${mm(lastDay)}`,
    order: year * 4 + quarter,
  };
}

export function waveResolver(
  mapping: SurveyMapping,
  v: SurveyVariable | null,
  problem: (variable: string | null, message: string) => void,
): { of: (value: SurveyValue) => MappedWave | null; all: () => MappedWave[] } {
  const byKey = new Map<string, MappedWave>();
  if (mapping.wave.values) {
    const codes = new Set<string>();
    mapping.wave.values.forEach((w, i) => {
      if (codes.has(w.code)) problem(null, `wave ${w.code} is listed twice`);
      codes.add(w.code);
      if (w.start_date === undefined || w.end_date === undefined) {
        problem(
          v?.name ?? null,
          `wave ${w.code} (value ${JSON.stringify(w.value)}, ${JSON.stringify(w.name)}) has no dates: give its start_date and end_date (YYYY-MM-DD); the import never guesses them`,
        );
        return;
      }
      if (w.start_date > w.end_date) problem(null, `wave ${w.code} ends before it starts`);
      byKey.set(valueKey(w.value), { code: w.code, name: w.name, kind: 'quarter', start_date: w.start_date, end_date: w.end_date, order: i + 1 });
    });
    return { of: (value) => (value === null ? null : (byKey.get(valueKey(value)) ?? null)), all: () => [...byKey.values()] };
  }
  const met = new Map<string, MappedWave>();
  const cache = new Map<string, MappedWave | null>();
  return {
    of: (value) => {
      if (value === null) return null;
      const key = valueKey(value);
      let wave = cache.get(key);
      if (wave === undefined) {
        wave = quarterWave(labelOf(v, value) ?? String(value));
        cache.set(key, wave);
        if (wave) met.set(wave.code, wave);
      }
      return wave;
    },
    all: () => [...met.values()].sort((a, b) => a.order - b.order).map((w, i) => ({ ...w, order: i + 1 })),
  };
}

export function locationResolver(
  mapping: SurveyMapping,
  v: SurveyVariable | null,
  problem: (variable: string | null, message: string) => void,
): { of: (value: SurveyValue) => ImportedLocation | null; all: () => ImportedLocation[] } {
  if (mapping.location.values) {
    const byKey = new Map<string, ImportedLocation>();
    const codes = new Set<string>();
    for (const l of mapping.location.values) {
      if (codes.has(l.code)) problem(null, `location ${l.code} is listed twice`);
      codes.add(l.code);
      byKey.set(valueKey(l.value), { code: l.code, name: l.name, region: l.region ?? '' });
    }
    return { of: (value) => (value === null ? null : (byKey.get(valueKey(value)) ?? null)), all: () => [...byKey.values()] };
  }
  const met = new Map<string, ImportedLocation>();
  return {
    of: (value) => {
      if (value === null) return null;
      const code = slug(String(value));
      if (code === '') return null;
      let location = met.get(code);
      if (!location) {
        location = { code, name: labelOf(v, value) ?? String(value), region: '' };
        met.set(code, location);
      }
      return location;
    },
    all: () => [...met.values()],
  };
}
