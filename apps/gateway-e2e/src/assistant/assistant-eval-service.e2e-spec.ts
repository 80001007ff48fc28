import { runTool } from '../support/processes';
import { Stack } from '../support/stack';

/** The survey `npm start` seeds into an empty database (tools/lib/demo.ts, DEFAULT_SEED). */
const DEMO_SURVEY = { respondents: 200_000, seed: 42 };

/**
 * Every evaluation prompt through the real service, as a client asks it (`npm run eval:service`):
 * no case may meet an HTTP error, and no tuning case whose plan is right in process may lose its
 * answer on the way (an engine job with no data, a narrative that drops the insight, insights of
 * another question). The held-out sets are scored and printed, never listed.
 */
describe('assistant: the evaluation sets through the service', () => {
  let stack: Stack;

  beforeAll(async () => {
    // The demo survey `npm start` seeds (the size decides which audiences are too small to report);
    // the rate limit is the service's own business and this test asks ~3,000 questions in a row.
    stack = await Stack.start({ label: 'assistant_eval', jobMode: 'inline', seed: DEMO_SURVEY, env: { RATE_LIMIT_REQUESTS: '0' } });
  });
  afterAll(() => stack?.stop());

  it('answers every right plan, with no HTTP error', async () => {
    const env = {
      TOKEN_DEMO: await stack.token('demo', 1),
      TOKEN_ACME: await stack.token('acme-retail', 2),
    };
    // runTool rejects with the tool's whole output when it exits non-zero (--check: a lost case or an error).
    // ~3,400 prompts take about 7 minutes on two busy cores; the bound leaves room for a busier box.
    const output = await runTool('tools/eval/eval-service.js', ['--url', stack.baseUrl, '--set', 'all', '--show-failures', '--check'], env, 900_000);
    console.log(output);
    expect(output).toMatch(/held-out-3\.json: \d+ cases through the service/);
  }, 960_000);
});
