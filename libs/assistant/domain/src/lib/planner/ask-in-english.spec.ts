import { askedInEnglish } from './ask-in-english';

describe('askedInEnglish', () => {
  it('reads the measures of other languages as English words', () => {
    expect(askedInEnglish('Wie viele Minuten pro Tag verbringen Millennials auf Instagram?').join(' ')).toContain('minutes a day spend');
    expect(askedInEnglish('¿Cuántos euros al mes pagan los españoles por Netflix?').join(' ')).toContain('euros a month pay');
    expect(askedInEnglish('Combien d’heures par semaine les Français passent-ils sur TikTok ?').join(' ')).toContain('hours a week');
  });
  it('reads "unter", "moins de", "menores de" as "under" only before a number', () => {
    expect(askedInEnglish('Quelle part des moins de 16 ans en France utilise Snapchat ?').join(' ')).toContain('under 16 years');
    expect(askedInEnglish('Wie viele unter 16 Jahren nutzen TikTok?').join(' ')).toContain('under 16 years');
    expect(askedInEnglish('Wie viele unter den Millennials nutzen TikTok?')).not.toContain('under');
  });
  it('reads before a number the words the translation reads so (one list, `beforeNumber`), before a decimal too', () => {
    // The translation reads them before a whole number; the ask before any word that starts with a digit ("1.5").
    expect(askedInEnglish('Quantos brasileiros passam acima de 1.5 horas por dia no TikTok?').join(' ')).toContain('over 1.5 hours');
    expect(askedInEnglish('Quanti italiani passano sopra i 2.5 ore al giorno su Instagram?').join(' ')).toContain('over 2.5');
    expect(askedInEnglish('Wie viele verbringen unter 1.5 Stunden pro Tag auf TikTok?').join(' ')).toContain('under 1.5 hours');
  });
  it('reads prices and decades of life of other languages', () => {
    expect(askedInEnglish('Combien coûte en moyenne un abonnement Deezer ?').join(' ')).toContain('how much does cost');
    expect(askedInEnglish('Qual é o preço médio de um smartphone?').join(' ')).toContain('average price');
    expect(askedInEnglish('日本の70代').join(' ')).toContain('in their 70s');
  });
  it('leaves an English prompt as its words', () => {
    expect(askedInEnglish('How many minutes a day do Gen Z spend on TikTok?').join(' ')).toBe('how many minutes a day do gen z spend on tiktok');
  });
});
