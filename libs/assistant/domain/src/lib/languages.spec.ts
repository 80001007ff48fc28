import { beforeNumberWords, detectLanguage, inflectionKey, translateJapanese, translateWords } from './languages';

describe('the language of a prompt', () => {
  it('does not take a two-letter code ending an English prompt for a Romance preposition', () => {
    expect(detectLanguage('amazon prime video subs de')).toBe('en');
    expect(detectLanguage('¿Cuántos usuarios de TikTok hay en España?')).toBe('es');
  });
  it('tells a short follow-up by its demonstratives, ordinals and words Spanish does not share', () => {
    expect(detectLanguage('et ce groupe en Allemagne ?')).toBe('fr');
    expect(detectLanguage('Temu, ça progresse en France sur les quatre derniers trimestres ?')).toBe('fr');
    expect(detectLanguage("Confronta Gen X con la Gen Z sull'uso di Threads")).toBe('it');
    expect(detectLanguage('Nimm Spanien noch dazu')).toBe('de');
    expect(detectLanguage('¿Y solo la segunda?')).toBe('es');
  });
});

describe('words of chats in the other languages', () => {
  it('reads verbs that add a side and "to compare"', () => {
    expect(translateWords(['nimm', 'spanien', 'noch', 'dazu'], 'de').join(' ')).toBe('add spanien too');
    expect(translateWords(['ajoute', 'les', 'femmes', 'pour', 'comparer'], 'fr').join(' ')).toBe('add the women to compare');
  });
  it('reads "at the same time" as both and "one of the two" as itself', () => {
    expect(translateWords(['netflix', 'und', 'disney', 'gleichzeitig'], 'de').join(' ')).toBe('netflix and disney both');
    expect(translateWords(['perro', 'y', 'gato', 'a', 'la', 'vez'], 'es').join(' ')).toBe('dog and cat both');
    expect(translateWords(['au', 'moins', 'l', 'un', 'des', 'deux'], 'fr').join(' ')).toBe('at least one of the two');
  });
  it('reads "les deux dernières années" with the years plural, so that the count before "last" is read as a period', () => {
    expect(translateWords(['les', 'deux', 'dernieres', 'annees'], 'fr').join(' ')).toBe('the two last years');
  });
  it('reads Japanese ages as a range of years', () => {
    expect(translateJapanese('アメリカの16〜24歳').replace(/\s+/g, ' ').trim()).toBe('united states aged 16-24');
    expect(translateJapanese('55歳以上').replace(/\s+/g, ' ').trim()).toBe('aged 55 and over');
    // An income third and a household of one are people, not a count of the top 3 or of one.
    expect(translateJapanese('世帯収入が上位3分の1の層').replace(/\s+/g, ' ').trim()).toBe('high income');
    expect(translateJapanese('単身世帯').replace(/\s+/g, ' ').trim()).toBe('single person households');
    // Katakana joined by the middle dot is one name, its Latin first word said once.
    const names = (w: string) => (w === 'プライムビデオ' ? 'amazon prime video' : undefined);
    expect(translateJapanese('Amazonプライム・ビデオ', names).replace(/\s+/g, ' ').trim()).toBe('amazon prime video');
  });
});

describe('inflected words of the other languages', () => {
  it('keys a word by its stem: the plural, the gender and the person of a verb share the key', () => {
    expect(inflectionKey('tablettes', 'fr')).toBe(inflectionKey('tablette', 'fr'));
    expect(inflectionKey('possedent', 'fr')).toBe(inflectionKey('possede', 'fr'));
    expect(inflectionKey('bebidas', 'es')).toBe(inflectionKey('bebida', 'es'));
    expect(inflectionKey('influenciadores', 'pt')).toBe(inflectionKey('influenciador', 'pt'));
    expect(inflectionKey('musicali', 'it')).toBe(inflectionKey('musicale', 'it'));
    expect(inflectionKey('sportmarken', 'de')).toBe(inflectionKey('sportmarke', 'de'));
  });

  it('leaves short words (mostly function words) and English as they are', () => {
    expect(inflectionKey('les', 'fr')).toBe('les');
    expect(inflectionKey('usa', 'es')).toBe('usa');
    expect(inflectionKey('tablets', 'en')).toBe('tablets');
  });

  it('translates a form the table does not list by the form it does', () => {
    // The tables list "tablette", "bebida", "genere musicale", "influenciador"; the prompts inflect them.
    expect(translateWords(['combien', 'possedent', 'des', 'tablettes'], 'fr')).toContain('tablet');
    expect(translateWords(['las', 'bebidas', 'mas', 'populares'], 'es')).toContain('drinks');
    expect(translateWords(['i', 'generi', 'musicali'], 'it').join(' ')).toContain('music genres');
    expect(translateWords(['seguem', 'influenciadores'], 'pt')).toEqual(['follow', 'influencers']);
  });

  it('keeps a word written in capitals (a name) untranslated', () => {
    expect(translateWords(['tablettes'], 'fr', new Set(['tablettes']))).toEqual(['tablettes']);
  });

  it('reads paired "both ... and" words ("sia ... che", "tanto ... como") as both and and', () => {
    expect(translateWords(['usano', 'sia', 'instagram', 'che', 'tiktok'], 'it')).toEqual(['use', 'both', 'instagram', 'and', 'tiktok']);
    expect(translateWords(['usan', 'tanto', 'netflix', 'como', 'hbo'], 'es')).toEqual(['use', 'both', 'netflix', 'and', 'hbo']);
    // Without its second word in the clause, the first is read as it always was.
    expect(translateWords(['sia', 'instagram'], 'it')).not.toContain('both');
  });

  it('reads a word before a number by its own list ("unter 35" is under, "unter den" among)', () => {
    expect(translateWords(['frauen', 'unter', '35'], 'de').join(' ')).toBe('women under 35');
    expect(translateWords(['unter', 'den', 'nutzern'], 'de')).not.toContain('under');
    expect(translateWords(['los', 'mayores', 'de', '55'], 'es').join(' ')).toContain('over 55');
    expect(translateWords(['sotto', 'i', '30'], 'it').join(' ')).toBe('under 30');
  });

  it('reads before a number the same words the unanswerable check does: one list (`beforeNumber`)', () => {
    expect(translateWords(['frauen', 'junger', 'als', '30'], 'de').join(' ')).toBe('women younger than 30');
    expect(translateWords(['oltre', 'i', '65'], 'it').join(' ')).toBe('over 65');
    expect(translateWords(['menos', 'de', '18'], 'pt').join(' ')).toBe('under 18');
    for (const lang of ['de', 'es', 'fr', 'it', 'pt'] as const) expect(beforeNumberWords(lang).length).toBeGreaterThan(0);
    expect([beforeNumberWords('en'), beforeNumberWords('ja')]).toEqual([[], []]);
  });

  it('reads feminine plural demonyms as the women of the market ("las españolas", "les Françaises")', () => {
    expect(translateWords(['entre', 'las', 'espanolas'], 'es').join(' ')).toContain('women in spain');
    expect(translateWords(['les', 'francaises'], 'fr').join(' ')).toBe('women in france');
    expect(translateWords(['as', 'brasileiras'], 'pt').join(' ')).toBe('women in brazil');
    // French writes "les" for both genders: the masculine plural stays everyone of the market.
    expect(translateWords(['les', 'allemands'], 'fr')).not.toContain('women');
  });

  it('reads the people of a survey by their education and household in German and French', () => {
    expect(translateWords(['personen', 'mit', 'bachelorabschluss'], 'de').join(' ')).toBe('people with bachelor degree');
    expect(translateWords(['den', 'befragten', 'ohne', 'eigenes', 'auto'], 'de').join(' ')).toBe('the respondents without a car');
    expect(translateWords(['parmi', 'les', 'titulaires', 'd', 'un', 'diplome', 'de', 'troisieme', 'cycle'], 'fr').join(' ')).toBe(
      'among the holders of a postgraduate degree',
    );
  });

  it('tells Italian from Portuguese by its contractions ("dall\'inizio del 2025")', () => {
    expect(detectLanguage("Com'è cambiato l'uso di Disney+ in Germania dall'inizio del 2025?")).toBe('it');
  });

  it('puts a Romance adjective of preference before its noun ("la aerolínea favorita")', () => {
    expect(translateWords(['cual', 'es', 'la', 'aerolinea', 'favorita'], 'es').join(' ')).toBe('which is the favourite airline');
  });
});

describe('words of comparing and of change across languages', () => {
  it('reads French "davantage" as more, so the two sides it sets apart stay sides', () => {
    expect(translateWords(['davantage', 'que', 'les', 'hommes'], 'fr').join(' ')).toContain('more');
  });
  it('reads the Japanese same quarter a year before and rising or falling', () => {
    const said = (ja: string) => translateJapanese(ja).replace(/\s+/g, ' ').trim();
    expect(said('去年の同じ四半期と比べて')).toContain('the same quarter last year');
    expect(said('前年同期')).toBe('the same quarter last year');
    expect(said('上がった？下がった？')).toBe('gone up ? gone down ?');
  });
});

describe('people without children in every language', () => {
  it('reads the phrases of not having children as the English the non-parents are named by', () => {
    expect(translateWords(['los', 'que', 'no', 'tienen', 'hijos'], 'es').join(' ')).toContain('without children');
    expect(translateWords(['menschen', 'ohne', 'kinder'], 'de').join(' ')).toContain('without children');
    expect(translateWords(['chi', 'non', 'ha', 'figli'], 'it').join(' ')).toContain('without children');
    expect(translateWords(['pessoas', 'sem', 'filhos'], 'pt').join(' ')).toContain('without children');
    expect(translateWords(['personnes', 'sans', 'enfants'], 'fr').join(' ')).toContain('without children');
  });
});

describe('the word of setting one thing against another', () => {
  it('tells French by "contre" when its other words are shared with Spanish ("en")', () => {
    expect(detectLanguage('Netflix en France : 2025 contre 2026, en hausse ou en baisse ?')).toBe('fr');
  });
});

describe('phrases of the table against each other and against elided words', () => {
  it('never lets a phrase swallow the start of a longer phrase running past its end', () => {
    expect(translateWords('tra i giovani genitori'.split(' '), 'it').join(' ')).toBe('among the young parents');
    expect(translateWords('tra i giovani'.split(' '), 'it').join(' ')).toBe('among young people');
  });

  it('reads a French phrase with its word elided before a vowel (elisions: "de" as "d")', () => {
    expect(translateWords('est le plus susceptible d avoir'.split(' '), 'fr').join(' ')).toBe('is most likely to have');
  });
});

describe('short turns whose marker words two languages share', () => {
  it('counts the words of each language table when no language leads by more than one marker word', () => {
    expect(detectLanguage('E per reddito?')).toBe('it');
    expect(detectLanguage('e por renda?')).toBe('pt');
    expect(detectLanguage('e per sesso?')).toBe('it');
  });
  it('keeps a prompt with an English marker word English unless the other language has one of its own', () => {
    expect(detectLanguage('top 3 sportswear brands among runners in Japan')).toBe('en');
    expect(detectLanguage('and by income?')).toBe('en');
  });
  it('never reads a one-word name of the data as another form of a word of the table ("reddit", "reddito")', () => {
    expect(
      translateWords(
        ['usa', 'reddit'],
        'it',
        new Set(),
        () => 0,
        (w) => w === 'reddit',
      ).join(' '),
    ).toBe('uses reddit');
    expect(
      translateWords(
        ['per', 'reddito'],
        'it',
        new Set(),
        () => 0,
        (w) => w === 'reddit',
      ).join(' '),
    ).toBe('by income');
  });
});

describe('people named by a noun of the doer', () => {
  it('reads the Romance and German nouns of doers as the English people nouns', () => {
    expect(translateWords(['os', 'jogadores'], 'pt').join(' ')).toBe('the gamers');
    expect(translateWords(['les', 'fumeurs'], 'fr').join(' ')).toBe('the smokers');
    expect(translateWords(['gli', 'ascoltatori'], 'it').join(' ')).toBe('the listeners');
    expect(translateWords(['los', 'bebedores'], 'es').join(' ')).toBe('the drinkers');
    expect(translateWords(['biertrinker'], 'de').join(' ')).toBe('beer drinkers');
  });
  it('reads a feminine noun of the doer as the women among them', () => {
    expect(translateWords(['les', 'lectrices'], 'fr').join(' ')).toBe('the female readers');
    expect(translateWords(['as', 'jogadoras'], 'pt').join(' ')).toBe('the female gamers');
  });
  it('reads a Japanese verb before 人 followed by "among" as the people who do it', () => {
    expect(translateJapanese('ラジオを毎日聞く人の中で').replace(/\s+/g, ' ').trim()).toBe('among people who listen to radio daily ,');
    expect(translateJapanese('ヨガをしている人のうち').replace(/\s+/g, ' ').trim()).toBe('among people who do yoga ,');
  });
});

describe('translateWords: a name written like a preposition', () => {
  const isName = (w: string) => w === 'uber';
  it('keeps a data name capitalised inside a sentence whose table word is a preposition ("nutzen Uber", not "über")', () => {
    expect(translateWords(['nutzen', 'uber'], 'de', new Set(), () => 0, isName, new Set(['uber'])).join(' ')).toBe('use uber');
  });

  it('still translates the preposition written in lower case ("über 50")', () => {
    expect(translateWords(['reden', 'uber', 'geld'], 'de', new Set(), () => 0, isName, new Set()).join(' ')).not.toContain('uber');
  });
});
