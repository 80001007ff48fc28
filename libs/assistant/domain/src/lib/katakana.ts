/*
 * Foreign names in Japanese are written in katakana by their sound (テスラ for Tesla, ネット
 * フリックス for Netflix). To find them in the catalogue, a katakana word is romanised and both it
 * and the catalogue's Latin names are reduced to a sound key: their consonants, with the sounds
 * Japanese cannot write folded together (l and r, v and b, soft c and s, a silent closing r), and the vowels
 * Japanese adds after every consonant left out. A key matching exactly one name names it.
 */

/** Each katakana's syllable in Latin letters (Hepburn-like). */
const BASE: Record<string, string> = {
  ア: 'a', イ: 'i', ウ: 'u', エ: 'e', オ: 'o',
  カ: 'ka', キ: 'ki', ク: 'ku', ケ: 'ke', コ: 'ko',
  ガ: 'ga', ギ: 'gi', グ: 'gu', ゲ: 'ge', ゴ: 'go',
  サ: 'sa', シ: 'shi', ス: 'su', セ: 'se', ソ: 'so',
  ザ: 'za', ジ: 'ji', ズ: 'zu', ゼ: 'ze', ゾ: 'zo',
  タ: 'ta', チ: 'chi', ツ: 'tsu', テ: 'te', ト: 'to',
  ダ: 'da', ヂ: 'ji', ヅ: 'zu', デ: 'de', ド: 'do',
  ナ: 'na', ニ: 'ni', ヌ: 'nu', ネ: 'ne', ノ: 'no',
  ハ: 'ha', ヒ: 'hi', フ: 'fu', ヘ: 'he', ホ: 'ho',
  バ: 'ba', ビ: 'bi', ブ: 'bu', ベ: 'be', ボ: 'bo',
  パ: 'pa', ピ: 'pi', プ: 'pu', ペ: 'pe', ポ: 'po',
  マ: 'ma', ミ: 'mi', ム: 'mu', メ: 'me', モ: 'mo',
  ヤ: 'ya', ユ: 'yu', ヨ: 'yo',
  ラ: 'ra', リ: 'ri', ル: 'ru', レ: 're', ロ: 'ro',
  ワ: 'wa', ヲ: 'o', ン: 'n', ヴ: 'vu',
  ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o', ャ: 'ya', ュ: 'yu', ョ: 'yo',
}; // prettier-ignore

/** A katakana word in Latin letters (Hepburn-like): "テスラ" -> "tesura". */
export function romanise(katakana: string): string {
  let out = '';
  const chars = [...katakana];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const next = chars[i + 1] ?? '';
    if (c === 'ッ') continue; // a doubled consonant: the key drops doubles anyway
    if (c === 'ー') continue; // a long vowel
    let syllable = BASE[c] ?? '';
    // A small vowel or ya/yu/yo after a syllable replaces its vowel ("フェ" fe, "ティ" ti, "チュ" chu).
    if (next !== '' && 'ァィゥェォャュョ'.includes(next) && syllable.length > 1) {
      const small = BASE[next];
      const consonant = syllable.replace(/[aiueo]$/, '');
      syllable = consonant + (/^(sh|ch|j)$/.test(consonant) ? small.replace(/^y/, '') : small);
      i++;
    }
    out += syllable;
  }
  return out;
}

/** The sound key of Latin letters: consonants only, folded to what katakana can tell apart. */
export function soundKey(latin: string): string {
  let s = latin.toLowerCase().replace(/[^a-z]/g, '');
  s = s
    .replace(/ph/g, 'f')
    .replace(/th/g, 's')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/c/g, 'k')
    // An r closing a syllable is silent in katakana ("discord": ディスコード, "starbucks": スターバックス).
    .replace(/r(?![aeiouy])/g, '')
    .replace(/l/g, 'r')
    .replace(/v/g, 'b')
    .replace(/ng$/, 'n')
    .replace(/(sh|ch|ts|j)/g, (m) => (m === 'ts' ? 't' : m === 'j' ? 'z' : 's'))
    .replace(/[wyh]/g, '');
  const first = s[0] ?? '';
  const consonants = s.slice(1).replace(/[aeiou]/g, '');
  return (first + consonants).replace(/(.)\1+/g, '$1');
}

/** Katakana runs of a text, as found. */
export function katakanaRuns(text: string): string[] {
  // A name written in parts joined by a middle dot ("プライム・ビデオ") is read whole first, then by its parts.
  return (text.match(/[\u30a1-\u30fa\u30fc]+(?:\u30fb[\u30a1-\u30fa\u30fc]+)*/g) ?? [])
    .flatMap((run) => (run.includes('\u30fb') ? [run, ...run.split('\u30fb')] : [run]))
    .filter((run) => run.length >= 2);
}

/**
 * Katakana words joined by the middle dot that write one name ("プライム・ビデオ": Prime Video),
 * written as that name when the words run together are one (`nameOf`); a dot between two names
 * of their own (a list, "ネットフリックス・フールー") is left as it is. A name's first word written
 * in Latin letters before it ("Amazonプライム・ビデオ", "Amazonプライムビデオ") is said once.
 */
export function joinDottedNames(text: string, nameOf: (word: string) => string | undefined): string {
  return text.replace(
    /(?:([A-Za-z][A-Za-z0-9+]*)\s*)?([\u30a1-\u30fa\u30fc]+(?:・[\u30a1-\u30fa\u30fc]+)*)/g,
    (whole, latin: string | undefined, dotted: string) => {
      // A run with neither a dot nor a Latin word before it is read later, as every katakana run is.
      if (!latin && !dotted.includes('・')) return whole;
      const name = nameOf(dotted.replace(/・/g, ''));
      if (!name) return whole;
      return ` ${withLatinLead(latin, name)} `;
    },
  );
}

/**
 * A catalogue name with the Latin word written right before its katakana ("Amazonプライムビデオ"),
 * that word said once: dropped when the name opens with it ("amazon prime video"), else kept before it.
 */
export function withLatinLead(latin: string | undefined, name: string): string {
  return latin && !name.toLowerCase().startsWith(`${latin.toLowerCase()} `) ? `${latin} ${name}` : name;
}
