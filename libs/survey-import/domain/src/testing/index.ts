// Test helpers of the survey import (the committed PSPP fixtures and their tables), for the
// service-level tests that import them. Never imported by production code.
export { fixturePath, openFixture } from './import-fixture';
export { readPsppTables, printedNumber } from './pspp-tables';
export type { PrintedNumber, PsppCrosstab, PsppFrequencies } from './pspp-tables';
