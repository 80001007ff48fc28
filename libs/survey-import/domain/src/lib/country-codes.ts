import countries from 'i18n-iso-countries';

/**
 * Market codes from what survey files hold for a country: ISO 3166-1 numeric codes (724), alpha-2
 * (ES) or alpha-3 (ESP) codes, and country names in any of the languages the i18n-iso-countries
 * package carries (España, Deutschland, Österreich, México, "Royaume-Uni"). The catalogue's market
 * codes are ISO alpha-2 in lower case ("es", "gb"), so a file coded either way lands on the same
 * markets as every other dataset.
 */

/** A country recognised from a file value and/or its label. */
export interface Country {
  /** The market code: ISO 3166-1 alpha-2, lower case. */
  code: string;
  /** Its English name, as people call it ("United States", not "United States of America"). */
  name: string;
  /** What it was recognised by. */
  by: 'label' | 'code' | 'label and code';
}

const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

let byName: Map<string, string> | undefined;

/** Every name of every country in every language the package carries (folded) -> alpha-2; names two countries share are left out. */
function names(): Map<string, string> {
  if (byName) return byName;
  const found = new Map<string, Set<string>>();
  for (const lang of countries.langs()) {
    for (const [alpha2, entry] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      for (const name of entry) {
        const key = fold(name);
        if (!found.has(key)) found.set(key, new Set());
        found.get(key)?.add(alpha2);
      }
    }
  }
  byName = new Map([...found].filter(([, codes]) => codes.size === 1).map(([name, codes]) => [name, [...codes][0]]));
  return byName;
}

/** The English name people use: the official one, unless it reads like a register ("Korea, Republic of", "... of America"). */
export function countryName(alpha2: string): string {
  const all = countries.getName(alpha2.toUpperCase(), 'en', { select: 'all' }) ?? [];
  const plain = (n: string): boolean => n.length > 3 && !/[,(.]| of /.test(n);
  return (plain(all[0] ?? '') ? all[0] : all.find(plain)) ?? all[0] ?? alpha2.toUpperCase();
}

/** A code written in a file: numeric (724, "040") only when `numericIsIso`, alpha-2 or alpha-3. */
function fromCode(value: number | string, numericIsIso: boolean): string | undefined {
  const text = String(value).trim();
  if (/^\d{1,3}$/.test(text)) return numericIsIso ? countries.numericToAlpha2(text.padStart(3, '0')) : undefined;
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase() === 'UK' ? 'GB' : countries.isValid(text.toUpperCase()) ? text.toUpperCase() : undefined;
  if (/^[A-Za-z]{3}$/.test(text)) return countries.alpha3ToAlpha2(text.toUpperCase());
  return undefined;
}

function fromLabel(label: string): string | undefined {
  const key = fold(label);
  if (key === '') return undefined;
  return names().get(key) ?? fromCode(label, false);
}

/**
 * The country of a location value and its label. A numeric value is read as an ISO numeric
 * code only when `numericIsIso` (every value of the variable is one: codes 1..5 are not Andorra
 * and Afghanistan). When code and label both name a country and disagree, the label wins (the
 * caller notes it). Undefined when neither names one.
 */
export function countryOf(value: number | string, label: string | undefined, numericIsIso: boolean): (Country & { disagrees: boolean }) | undefined {
  const byLabel = label === undefined ? undefined : fromLabel(label);
  const byCode = fromCode(value, numericIsIso);
  const alpha2 = byLabel ?? byCode;
  if (alpha2 === undefined) return undefined;
  const by = byLabel !== undefined && byCode === byLabel ? 'label and code' : byLabel !== undefined ? 'label' : 'code';
  return { code: alpha2.toLowerCase(), name: countryName(alpha2), by, disagrees: byLabel !== undefined && byCode !== undefined && byCode !== byLabel };
}

/** Whether every value is an ISO 3166-1 numeric code of a country. */
export function allIsoNumeric(values: readonly (number | string)[]): boolean {
  return (
    values.length > 0 && values.every((v) => /^\d{1,3}$/.test(String(v).trim()) && countries.numericToAlpha2(String(v).trim().padStart(3, '0')) !== undefined)
  );
}
