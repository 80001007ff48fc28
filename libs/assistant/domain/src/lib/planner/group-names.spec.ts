import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { readDimensions } from './dimension-cues';
import { distinctLeaves } from './dimensions';
import { headWordAt, namedAt } from './group-names';

/*
 * The demographic question whose groups are ranked, named as the catalogue names it (its name's
 * brackets, its name's content words, its first word alone after a lead), and named groups of one
 * question side by side inside a shared audience.
 */
const catalogue = demoPlannerCatalogue();
const words = (text: string) => text.toLowerCase().split(' ');
const question = (code: string) => {
  const q = catalogue.questions.find((x) => x.code === code);
  if (!q) throw new Error(code);
  return q;
};

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue });
  if (out.outcome !== 'answer') throw new Error(out.message);
  return out.plan;
}

describe('group questions named by the catalogue', () => {
  it('reads the words a question name gives in brackets, and its content words with function words and plurals free', () => {
    expect(namedAt(words('adopter types'), 0, question('tech_adoption'))).toBe(2);
    expect(namedAt(words('the ages of kids'), 0, question('children_ages'))).toBe(-1);
    expect(namedAt(words('age of the children in their household'), 0, question('children_ages'))).toBe(7);
    expect(readDimensions(words('rank adopter types by smart speaker ownership'), catalogue).group?.question).toBe('tech_adoption');
  });

  it('reads a name of three content words without its last ("the age of their children"), never with one word only', () => {
    expect(namedAt(words('age of their children , which parents'), 0, question('children_ages'))).toBe(4);
    expect(namedAt(words('age of parents'), 0, question('children_ages'))).toBe(-1);
    expect(readDimensions(words('by the age of their children , which parents buy nappies the most'), catalogue).group?.question).toBe('children_ages');
  });

  it('reads the first word of a question about the respondent alone after a lead, when no other such question starts with it', () => {
    const people = catalogue.questions.filter((q) => /\brespondents?\b/i.test(q.description));
    expect(headWordAt(words('occupations'), 0, people)?.code).toBe('occupation_sector');
    expect(headWordAt(words('occupation'), 0, people)?.code).toBe('occupation_sector');
    expect(readDimensions(words('in which occupations is reddit use lowest'), catalogue).group?.question).toBe('occupation_sector');
    // Car ownership is not described as about the respondent: "which car brands" stays a question about brands.
    expect(readDimensions(words('which car brands would germans consider'), catalogue).group).toBeNull();
  });

  it('takes "which band" after the groups are named as the groups, not a name', () => {
    const p = plan('Minecraft players by age group: which band is highest?');
    expect(p.topic?.question).toBe('game_titles_played');
    expect(p.groupQuestion?.code).toBe('age_group');
  });
});

describe('named groups inside a shared audience', () => {
  it('finds the one leaf that sets each side apart', () => {
    const men = { question: 'gender', datapoints: ['male'] };
    const women = { question: 'gender', datapoints: ['female'] };
    const genZ = { question: 'age_group', datapoints: ['16_24'] };
    expect(distinctLeaves([{ and: [genZ, men] }, { and: [genZ, women] }])).toEqual([men, women]);
    expect(distinctLeaves([men, women])).toEqual([men, women]);
    expect(distinctLeaves([{ and: [genZ, men] }, women])).toEqual([null, women]);
  });

  it('ranks the groups of one question named inside an audience ("among Gen X, men or women")', () => {
    const p = plan('Among Gen X, do men or women read more e-books?');
    expect(p.rankBy).toBe('groups');
    expect(p.groupQuestion?.code).toBe('gender');
    expect(p.audiences).toHaveLength(2);
  });
});

describe('group words in other languages', () => {
  it('reads household size, marital status and older people in German, Spanish, French, Italian and Japanese', () => {
    expect(plan('Wie unterscheidet sich die Nutzung von Spotify nach Familienstand?').groupQuestion?.code).toBe('marital_status');
    expect(plan('Spotifyの利用率は年齢層でどう違いますか？').groupQuestion?.code).toBe('age_group');
    expect(plan('¿Usan más WhatsApp los jóvenes o los mayores?').groupQuestion?.code).toBe('age_group');
    expect(plan('Chi usa di più Facebook, i giovani o gli anziani?').groupQuestion?.code).toBe('age_group');
    expect(plan('¿Ven más Netflix los solteros o los casados?').audiences.map((a) => a.expression)).toEqual([
      { question: 'marital_status', datapoints: ['single'] },
      { question: 'marital_status', datapoints: ['married'] },
    ]);
  });
});

describe('groups compared by a skew and named in a list', () => {
  it('reads "does X skew older or younger" as the age groups compared on X, not a profile of X users', () => {
    const p = plan('Does Pinterest skew younger or older?');
    expect(p.topic?.question).toBe('social_platform_usage');
    expect(p.groupQuestion?.code).toBe('age_group');
    expect(readDimensions(words('does pinterest skew younger or older'), catalogue).skewAlongGroups).toBe(true);
  });

  it('ends a list of groups at an item after an article ("A, B or the C"), each a side', () => {
    const p = plan('Students, homemakers or the unemployed: who shops at Aldi most?');
    expect(p.audiences).toHaveLength(3);
    expect(p.groupQuestion?.code).toBe('employment_status');
  });
});

describe('groups contrasted by comparatives or listed before a noun for their people', () => {
  it('reads "bigger or smaller households" and "richer or poorer people" as the groups of the question their word names', () => {
    expect(readDimensions(words('do bigger or smaller households buy more nappies'), catalogue).group?.question).toBe('household_size');
    expect(readDimensions(words('are wealthier or poorer people more into golf'), catalogue).group?.question).toBe('income_group');
    // Not of people: no groups.
    expect(readDimensions(words('are bigger or smaller brands trusted more'), catalogue).group).toBeNull();
  });

  it('ranks every group when the one audience named is itself a group of the question ("high, middle or low earners")', () => {
    const p = plan('Are low, middle or high earners likeliest to hold a pension?');
    expect(p.groupQuestion?.code).toBe('income_group');
    expect(p.audiences).toHaveLength(3);
  });
});

describe('groups by the first word of a name, and a change across groups', () => {
  it('reads "which kind of area" and "what kind of household" by the first word of a question about the respondent', () => {
    expect(readDimensions(words('which kind of area has the most hybrid car owners'), catalogue).group?.question).toBe('urbanicity');
    expect(readDimensions(words('what kind of household is most likely to own a smart lock'), catalogue).group?.question).toBe('household_size');
  });

  it('reads "does X rise with income" as the groups compared over the last four waves, not a trend', () => {
    const p = plan('Does owning a cat increase with income?');
    expect(p.groupQuestion?.code).toBe('income_group');
    expect(p.kind).toBe('comparison');
    expect(p.verdict).not.toBe('grew-more');
    expect(p.waves).toHaveLength(4);
    expect(readDimensions(words('does gym membership decline with age'), catalogue)).toMatchObject({ gradient: true, grewMore: false });
  });
});

describe('people described by what they have', () => {
  it('reads "people with a X" as a group when something else is measured', () => {
    const p = plan('Do people with a postgraduate degree listen to podcasts daily?');
    expect(p.audiences.map((a) => a.expression)).toEqual([{ question: 'education_level', datapoints: ['postgraduate_degree'] }]);
    const q = plan('Those with a mortgage vs those with a personal loan: who uses a mobile banking app more?');
    expect(q.audiences).toHaveLength(2);
  });
});

describe('group questions named by the catalogue’s other names of a question', () => {
  const withAliases = { ...question('occupation_sector'), aliases: ['line of work', 'profession'] };

  it('reads a several-word other name as the question, and a one-word one after a lead', () => {
    expect(namedAt(words('line of work'), 0, withAliases)).toBe(3);
    expect(headWordAt(words('which professions'), 1, [withAliases, question('job_seniority')])?.code).toBe('occupation_sector');
  });

  it('ranks the groups of the question its other name names (demo catalogue aliases)', () => {
    expect(plan('Break down Netflix use by line of work').groupQuestion?.code).toBe('occupation_sector');
  });
});
