export * from './eval-case';
export * from './eval-catalogue';
export * from './score-eval';
export * from './perturb';
export * from './language-coverage';
