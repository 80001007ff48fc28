import { Identity1763769600000 } from './1763769600000-Identity';
import { Catalogue1763769700000 } from './1763769700000-Catalogue';
import { SavedAudiences1763769800000 } from './1763769800000-SavedAudiences';
import { SavedCrosstabs1763769900000 } from './1763769900000-SavedCrosstabs';
import { Charts1763770000000 } from './1763770000000-Charts';
import { Assistant1763770100000 } from './1763770100000-Assistant';

/** Every migration, oldest first. The apps run the pending ones at start; `npm run migrate` does too. */
export const MIGRATIONS = [
  Identity1763769600000,
  Catalogue1763769700000,
  SavedAudiences1763769800000,
  SavedCrosstabs1763769900000,
  Charts1763770000000,
  Assistant1763770100000,
];
