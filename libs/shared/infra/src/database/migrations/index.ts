import { Identity1763769600000 } from './1763769600000-Identity';

/** Every migration, oldest first. The apps run the pending ones at start; `npm run migrate` does too. */
export const MIGRATIONS = [Identity1763769600000];
