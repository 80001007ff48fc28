// A small catalogue for the integration specs of the libs that store or read it. Never imported by production code.
export * from './catalogue-fixture';
