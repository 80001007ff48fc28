import { PlanAudience } from '../assistant.types';

export const EVERYONE: PlanAudience = {
  id: 'all',
  name: 'All respondents',
  description: 'Every respondent of the selected markets and waves.',
  expression: {},
  origin: 'everyone',
};

/** How many datapoints a ranking lists when the prompt gives no number. */
export const DEFAULT_LIMIT = 5;
/** Datapoints an open indexing answer lists when the prompt gives no number. */
export const DEFAULT_OPEN_LIMIT = 10;
export const MAX_LIMIT = 20;
