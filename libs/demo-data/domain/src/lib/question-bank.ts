import type { QuestionDef } from './question-definitions';
import { addedQuestions } from './questions/added';
import { attitudes } from './questions/attitudes';
import { brandQuestions } from './questions/brands';
import { commerce } from './questions/commerce';
import { demographics } from './questions/demographics';
import { devices } from './questions/devices';
import { gaming } from './questions/gaming';
import { health } from './questions/health';
import { media } from './questions/media';
import { social } from './questions/social';
import { travelFinanceInterests } from './questions/travel-finance-interests';

export { CATEGORY_DEFS } from './questions/categories';
export { brandCategoryDefs } from './questions/brands';
export { SOCIAL_PLATFORMS } from './questions/social-platforms';

/*
 * The demo survey's questions, one file per part of the catalogue under questions/. Their order is
 * the catalogue's order, and attribute ids follow it: a question is added at the end (added.ts).
 */

/** Every question of the catalogue, in catalogue order. */
export function questionBank(): QuestionDef[] {
  return [
    ...demographics(),
    ...media(),
    ...social(),
    ...devices(),
    ...commerce(),
    ...brandQuestions(),
    ...attitudes(),
    ...health(),
    ...travelFinanceInterests(),
    ...gaming(),
    ...addedQuestions(),
  ];
}
