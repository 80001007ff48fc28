import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerFollowUp } from '../testing/plan-answer';
import { replacedLast, rewriteReplacement as rewrite, rewriteSideBySide, withoutReaction } from './follow-up-replace';

const demo = demoPlannerCatalogue();
const rewriteReplacement = (prompt: string, previous: AnalysisPlan | null) => rewrite(prompt, previous, demo);

const previous = { kind: 'share', audiences: [], locations: [] } as unknown as AnalysisPlan;

describe('rewriteReplacement', () => {
  it('drops what a follow-up replaces, so that only the new thing is named', () => {
    expect(rewriteReplacement('And for Gen Z rather than millennials?', previous)).toBe('And for Gen Z instead?');
    expect(rewriteReplacement('women instead of men', previous)).toBe('women instead?');
    expect(rewriteReplacement('swap the US for Germany', previous)).toBe('What about Germany instead?');
    expect(rewriteReplacement('Now replace Netflix with Disney+', previous)).toBe('What about Disney+ instead?');
    expect(rewriteReplacement('switch to men', previous)).toBe('What about men instead?');
    expect(rewriteReplacement('change the market to Spain', previous)).toBe('What about Spain instead?');
  });
  it('reads an opening "and" in the languages of the markets as "and" in a prompt read as English', () => {
    expect(rewriteReplacement('y for men in the UK?', previous)).toBe('And for men in the UK?');
    expect(rewriteReplacement('¿Y TikTok?', null)).toBe('¿Y TikTok?');
  });
  it('keeps the opening "and" of a prompt read in its own language, written small: it is one of the few words that tell the language', () => {
    expect(rewriteReplacement('¿Y TikTok?', previous)).toBe('¿y TikTok?');
    expect(rewriteReplacement('Und für Männer?', previous)).toBe('und für Männer?');
    expect(rewriteReplacement('Und am wenigsten?', previous)).toBe('und am wenigsten?');
  });
  it('reads a name after an opening "now" as what the follow-up moves to, not as the latest wave', () => {
    expect(rewriteReplacement('OK now Instagram', previous)).toBe('What about Instagram?');
    expect(rewriteReplacement('thanks, now for France', previous)).toBe('now for France');
    expect(rewriteReplacement('now vs a year ago', previous)).toBe('now vs a year ago');
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

  it('leaves a phrase opening its clause alone: nothing stands on its left ("Rispetto a un anno fa, ...")', () => {
    expect(rewriteSideBySide('Rispetto a un anno fa, Snapchat è in crescita?')).toBe('Rispetto a un anno fa, Snapchat è in crescita?');
    expect(rewriteSideBySide('Ok. Gegenüber dem Vorjahr: gestiegen?')).toBe('Ok. Gegenüber dem Vorjahr: gestiegen?');
    expect(rewriteSideBySide('Frauen gegenüber Männern, TikTok')).toBe('Frauen versus Männern, TikTok');
  });
});

describe('rewriteReplacement, two swaps and a "now" before "instead of"', () => {
  it('keeps both new things of two swaps', () => {
    expect(rewriteReplacement('Replace Pinterest with Snapchat and the UK with France', previous)).toBe('What about Snapchat in France instead?');
  });
  it('does not read the opening "now" as the latest wave when "instead of" follows', () => {
    expect(rewriteReplacement('Now Instagram instead of TikTok', previous)).toBe('What about Instagram instead?');
  });
});

describe('withoutReaction: a short reaction before a follow-up is left out', () => {
  it('drops a sentence that names nothing and asks nothing', () => {
    expect(withoutReaction('Hmm interesting. Could you run the same for Millennials?', demo)).toBe('Could you run the same for Millennials?');
    expect(withoutReaction('Great, thanks! Now France', demo)).toBe('Now France');
  });
  it('keeps a sentence that names something, asks or continues', () => {
    expect(withoutReaction('Netflix. What about Gen Z?', demo)).toBe('Netflix. What about Gen Z?');
    expect(withoutReaction('Rank them. Top 5 please', demo)).toBe('Rank them. Top 5 please');
    expect(withoutReaction('Do it again. For women', demo)).toBe('Do it again. For women');
    expect(withoutReaction('What about women?', demo)).toBe('What about women?');
  });
});

describe('rewriteReplacement, "the same" in the languages of the markets', () => {
  it('reads the opening "même chose", "lo mismo", "dasselbe" as "Same"', () => {
    expect(rewriteReplacement('Même chose au Royaume-Uni', previous)).toBe('Same au Royaume-Uni');
    expect(rewriteReplacement('¿Y lo mismo para Francia?', previous)).toBe('Same para Francia?');
    expect(rewriteReplacement('Dasselbe für Großbritannien', previous)).toBe('Same für Großbritannien');
  });
});

describe('rewriteSideBySide in the languages of the markets', () => {
  it('reads "face aux", "frente a", "gegenüber" as versus', () => {
    expect(rewriteSideBySide('Mes Tech early adopters face aux Baby boomers : montres')).toBe('Mes Tech early adopters versus Baby boomers : montres');
    expect(rewriteSideBySide('Gen Z frente a Millennials en Netflix')).toBe('Gen Z versus Millennials en Netflix');
    expect(rewriteSideBySide('Gen Z gegenüber Millennials bei Netflix')).toBe('Gen Z versus Millennials bei Netflix');
  });
});

describe('rewriteReplacement, an arrow', () => {
  it('reads "A -> B" and "A → B" as B instead of A', () => {
    expect(rewriteReplacement('Hulu → Peacock', previous)).toBe('What about Peacock instead?');
    expect(rewriteReplacement('us -> uk', previous)).toBe('What about uk instead?');
    expect(rewriteReplacement('Pinterestの代わりにInstagramは？', previous)).toBe('What about Instagram instead?');
  });
});

describe('a short follow-up in another language is read in that language', () => {
  const first = (() => {
    const out = planPrompt({ prompt: 'Which social platform is used most in Germany?', catalogue: demo });
    if (out.outcome !== 'answer') throw new Error(out.outcome);
    return out.plan;
  })();

  it.each(['Und am wenigsten?', 'Et le plus bas ?', '¿Y el más bajo?', 'E il meno usato?'])('"%s" ranks from the bottom, the rest kept', (prompt) => {
    const out = planPrompt({ prompt, catalogue: demo, previous: first });
    expect(out.outcome).toBe('answer');
    if (out.outcome !== 'answer') return;
    expect(out.plan.ascending).toBe(true);
    expect(out.plan.topic?.question).toBe(first.topic?.question);
    expect(out.plan.locations.map((l) => l.code)).toEqual(['de']);
    expect(out.notes).toEqual([]);
  });
});

describe('rewriteReplacement, "only" after the opening "and" of another language', () => {
  it('reads "¿Y solo ...?", "und nur ...?" as "and only", which selects', () => {
    expect(rewriteReplacement('¿Y solo Millennials?', previous)).toBe('¿y only Millennials?');
    expect(rewriteReplacement('Und nur Frauen?', previous)).toBe('und only Frauen?');
    expect(rewriteReplacement('Solo mujeres', previous)).toBe('Only mujeres');
  });
});

describe('rewriteReplacement, one answer of a combined topic', () => {
  const topicOf = (prompt: string) => {
    const out = planPrompt({ prompt, catalogue: demo });
    if (out.outcome !== 'answer') throw new Error(prompt);
    return out.plan;
  };
  it('replaces one answer of several and keeps the others and how they combine', () => {
    const both = topicOf('What share of Australians use both Netflix and Hulu?');
    expect(rewriteReplacement('now Disney+ instead of Netflix', both)).toBe('What about both Disney+ and Hulu?');
    const either = topicOf('What share of Americans use Peacock or HBO Max?');
    expect(rewriteReplacement('Hulu instead of Peacock', either)).toBe('What about Hulu or HBO Max?');
  });
  it('reads "à la place de", "en vez de", "al posto di" as "instead of"', () => {
    const both = topicOf('What share of Germans use both Spotify and Deezer?');
    expect(rewriteReplacement('Et Apple Music à la place de Deezer ?', both)).toBe('What about both Spotify and Apple Music?');
    expect(rewriteReplacement('¿Y Apple Music en vez de Deezer?', both)).toBe('What about both Spotify and Apple Music?');
  });
  it('leaves a replacement of the only answer to the plain form', () => {
    const one = topicOf('What share of Germans use Spotify?');
    expect(rewriteReplacement('Deezer instead of Spotify', one)).toBe('Deezer instead?');
  });
});

describe('replacedLast: what is replaced named first', () => {
  it('puts "not X, Y", "pas X, Y", "statt X Y" in the order "Y instead of X"', () => {
    expect(replacedLast('not Netflix, Disney+', demo)).toBe('Disney+ instead of Netflix?');
    expect(replacedLast('not Gen Z but Millennials?', demo)).toBe('Millennials instead of Gen Z?');
    expect(replacedLast('pas Spotify, Deezer', demo)).toBe('Deezer instead of Spotify?');
    expect(replacedLast('Und statt der Männer die Frauen?', demo)).toBe('Und die Frauen instead of der Männer?');
    expect(replacedLast('Und statt Instagram Pinterest?', demo)).toBe('Und Pinterest instead of Instagram?');
  });
  it('leaves a turn as written when the two things cannot be parted', () => {
    expect(replacedLast('not sure', demo)).toBe('not sure');
    expect(replacedLast('What about men?', demo)).toBe('What about men?');
  });
  it('is read as a replacement after an answered turn, in the markets’ languages and in Japanese', () => {
    const replaced = (previous: string, prompt: string) => answerFollowUp(previous, prompt, demo);
    const plan = replaced('How many Spaniards use Netflix?', 'not Netflix, Disney+');
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(['disney_plus']);
    expect([plan.topic?.negate ?? false, plan.locations.map((l) => l.code), plan.count]).toEqual([false, ['es'], true]);
    const german = replaced('Wie viel Prozent der Briten nutzen Reddit?', 'Und statt Reddit Discord?');
    expect(german.topic?.datapoints.map((d) => d.code)).toEqual(['discord']);
    const women = replaced('Wie viele Männer in Frankreich nutzen TikTok?', 'Und statt der Männer die Frauen?');
    expect(women.audiences.map((a) => a.name)).toEqual(['Women']);
    const japanese = replaced('日本のZ世代でTikTokを使っている人の割合は？', 'Z世代ではなくミレニアル世代だと？');
    expect(japanese.audiences.map((a) => a.name)).toEqual(['Millennials']);
  });
});

describe('one side of a comparison replaced by the words that point at it', () => {
  const sides = (first: string, prompt: string) => answerFollowUp(first, prompt, demo).audiences.map((a) => a.name.toLowerCase());
  const platforms = 'Daily TikTok users vs Daily Instagram users - who is more into K-pop?';
  it('replaces the side whose name holds the words ("the Instagram group", "the TikTok side")', () => {
    expect(sides(platforms, 'replace the Instagram group with Gen Z women')).toEqual(['daily tiktok users', 'gen z women']);
    expect(sides(platforms, 'swap the TikTok side for men')).toEqual(['men', 'daily instagram users']);
    expect(sides(platforms, 'Gen Z instead of the Instagram users')).toEqual(['daily tiktok users', 'gen z']);
    expect(sides(platforms, 'ersetze die Instagram-Gruppe durch Frauen')).toEqual(['daily tiktok users', 'women']);
  });
  it('reads "rather than" in the languages of the markets, and an age band as the new side', () => {
    const crunchyroll = 'share of men vs women who watch Crunchyroll in Japan';
    expect(sides(crunchyroll, 'and 16-24s rather than women?')).toHaveLength(2);
    expect(sides(crunchyroll, 'and 16-24s rather than women?')[0]).toBe('men');
    expect(sides('part des hommes vs femmes qui regardent Crunchyroll au Japon', 'et pour les 16-24 ans plutôt que les femmes ?')[0]).toBe('men');
    expect(sides('part des hommes vs femmes qui regardent Crunchyroll au Japon', 'et les Millennials plutôt que les hommes ?')).toEqual([
      'millennials',
      'women',
    ]);
    expect(sides('¿hombres o mujeres ven más Crunchyroll en Japón?', '¿y los Millennials en vez de las mujeres?')).toEqual(['men', 'millennials']);
    expect(sides('Homens vs mulheres: quem assiste Crunchyroll no Japão?', 'e a Gen Z ao invés das mulheres?')).toEqual(['men', 'gen z']);
  });
});
