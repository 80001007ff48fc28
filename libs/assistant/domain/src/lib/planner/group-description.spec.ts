import { RuleBasedPlanner } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

const catalogue = demoPlannerCatalogue();
const plan = (prompt: string) => {
  const out = new RuleBasedPlanner().plan({ prompt, catalogue, previous: null, docked: [] });
  if (out.outcome !== 'answer') return out.outcome;
  return {
    topic: out.plan.topic ? [out.plan.topic.question, ...out.plan.topic.datapoints.map((d) => d.code)].join(':') : null,
    audiences: out.plan.audiences.map((a) => a.name),
  };
};

describe('group descriptions: the words of a group’s own question around it say who it is', () => {
  it('reads "living in rural areas" as the group when something else is measured', () => {
    expect(plan('What share of people living in rural areas in Spain own a cat?')).toEqual({ topic: 'pets_owned:cat', audiences: ['Rural'] });
    expect(plan('Are those who live in the countryside more likely than average to have a mortgage?')).toEqual({
      topic: 'financial_products:mortgage',
      audiences: ['Rural'],
    });
  });

  it('profiles the group when nothing else is named', () => {
    expect(plan('What are people who live in the suburbs into?')).toEqual({ topic: null, audiences: ['Suburban'] });
  });

  it('keeps the words when the demographic itself is asked about', () => {
    expect(plan('What proportion of Germans live in rural areas?')).toEqual({ topic: 'urbanicity:rural', audiences: ['All respondents'] });
  });

  it('reads "households" beside an income group as the group, never as household brands', () => {
    expect(plan('Do low-income households over-index on discount stores?')).toEqual({ topic: 'grocery_channels:discount_store', audiences: ['Low income'] });
  });

  it('reads another answer made of the words of a group of answers\' question as describing it ("expect their finances to get better")', () => {
    const p = plan('Which holiday types are most popular among Spaniards who expect their finances to get better?');
    expect(p !== null && typeof p === 'object' && p.audiences).toHaveLength(1);
    expect(p).toEqual(expect.objectContaining({ topic: 'travel_types' }));
    // Loose words of its question stay the topic's: "social platforms" beside daily Snapchat users.
    expect(plan('Which social platforms are daily Snapchat users over-represented on?')).toEqual(expect.objectContaining({ topic: 'social_platform_usage' }));
  });

  it('keeps an answer of the group’s own question as the topic', () => {
    expect(plan('How much more likely are Gamers to own a VR headset than the average person?')).toEqual({
      topic: 'devices_owned:vr_headset',
      audiences: ['Gamers'],
    });
  });
});

describe('profile requests name no topic', () => {
  it('reads "care about", "matters most to", "passionate about" as an open profile', () => {
    expect(plan('What do Gen X care about?')).toEqual({ topic: null, audiences: ['Gen X'] });
    expect(plan('What matters most to Parents in Brazil?')).toEqual({ topic: null, audiences: ['Parents'] });
    expect(plan('What are flexitarians passionate about?')).toEqual({ topic: null, audiences: ['Flexitarian users'] });
  });
});
