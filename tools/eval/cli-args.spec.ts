import { cliArgs } from './cli-args';

describe('cliArgs', () => {
  const args = cliArgs(['--set', 'tuning-2', '--show-failures', '--url']);

  it('reads the value after an option', () => {
    expect(args.value('--set')).toBe('tuning-2');
  });

  it('has no value for an absent option or one given last without a value', () => {
    expect(args.value('--sets')).toBeUndefined();
    expect(args.value('--url')).toBeUndefined();
  });

  it('tells which bare flags are given', () => {
    expect(args.has('--show-failures')).toBe(true);
    expect(args.has('--help')).toBe(false);
  });
});
