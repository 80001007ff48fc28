/* Category and dataset lists shared by questions asked in both panels. */

export const DEMO = ['demographics.age_gender', 'g.demographics.age_gender'];
export const HOUSEHOLD = ['demographics.household', 'g.demographics.household'];
export const INCOME = ['demographics.income_work', 'g.demographics.income_work'];
export const BOTH = ['core', 'gaming'];
