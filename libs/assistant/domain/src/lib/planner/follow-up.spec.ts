import { AnalysisPlan } from '../assistant.types';
import { rewriteReplacement, rewriteSideBySide } from './follow-up';

const previous = { kind: 'share' } as AnalysisPlan;

describe('rewriteReplacement', () => {
  it('drops what a follow-up replaces, so that only the new thing is named', () => {
    expect(rewriteReplacement('And for Gen Z rather than millennials?', previous)).toBe('And for Gen Z instead?');
    expect(rewriteReplacement('women instead of men', previous)).toBe('women instead?');
    expect(rewriteReplacement('swap the US for Germany', previous)).toBe('What about Germany instead?');
    expect(rewriteReplacement('Now replace Netflix with Disney+', previous)).toBe('What about Disney+ instead?');
  });
  it('leaves a first prompt, and a follow-up that replaces nothing, as written', () => {
    expect(rewriteReplacement('Gen Z rather than millennials', null)).toBe('Gen Z rather than millennials');
    expect(rewriteReplacement('What about men?', previous)).toBe('What about men?');
  });
});

describe('rewriteSideBySide', () => {
  it('reads "side by side with" and "alongside" as a comparison', () => {
    expect(rewriteSideBySide('Put my Young parents side by side with Gen X on Amazon Prime')).toBe('Put my Young parents versus Gen X on Amazon Prime');
    expect(rewriteSideBySide('Parents alongside Gen Z: Netflix')).toBe('Parents versus Gen Z: Netflix');
  });
});
