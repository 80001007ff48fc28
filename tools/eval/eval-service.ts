import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { CommonConfig, loadConfig } from '@aas/shared-infra';
import { signDevToken } from '@aas/shared-infra/http';
import { EVAL_SETS, evalCatalogue, isHeldOut, parseEvalCases, planCaseWith, compareResolution, type EvalCase } from '@aas/assistant-domain/eval';
import { RuleBasedPlanner } from '@aas/assistant-domain';
import { askCase, readableAudiences, ServiceVerdict, serviceVerdict, tallyServiceVerdicts, formatServiceTable, type ServiceClient } from './service-verdict';
import { cliArgs } from './cli-args';

const ROOT = path.resolve(__dirname, '..', '..', '..');

const HELP = `Asks a running service every prompt of evaluation sets, as a client would (the chat's earlier
prompts first, the case's docked audiences by id), and says per family how often the answer the
service gave went where the in-process planner's plan said it would: an answer with insights
when the case expects numbers, no number when it expects a refusal or a question back, never an
HTTP error or an answer that says the engine had no data.

usage:
  npm run eval:service -- [--url http://127.0.0.1:3000] [--set <name>[,<name>...] | --set all] [--show-failures] [--check]

  --check   exit 1 when any case of any set met an HTTP error, or any tuning case whose plan is
            right was lost on the way to the answer (held-out sets are only scored)

Tokens: TOKEN_DEMO and TOKEN_ACME when set, else tokens signed with JWT_SECRET (or the development
secret) for the organisations 'demo' and 'acme-retail' (run \`npm run token -- --org acme-retail
--user 2\` once so that the second exists). Held-out sets are scored, never listed.`;

async function main(): Promise<number> {
  const args = cliArgs();
  if (args.has('--help')) {
    console.log(HELP);
    return 0;
  }
  const baseUrl = (args.value('--url') ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const wanted = args.value('--set') ?? 'all';
  const sets: string[] = wanted === 'all' ? [...EVAL_SETS] : wanted.split(',');
  const unknown = sets.filter((s) => !(EVAL_SETS as readonly string[]).includes(s));
  if (unknown.length > 0) {
    console.error(`--set: unknown ${unknown.join(', ')}; one of ${EVAL_SETS.join(', ')} or all`);
    return 2;
  }
  const secret = loadConfig(CommonConfig).jwtSecret;
  const token = (org: string, user: number, env: string) => process.env[env] ?? signDevToken(secret, { sub: user, org, email: `eval${user}@${org}.example` });
  const clients: Record<EvalCase['org'], ServiceClient> = {
    demo: { baseUrl, token: token('demo', 1, 'TOKEN_DEMO') },
    'acme-retail': { baseUrl, token: token('acme-retail', 2, 'TOKEN_ACME') },
  };
  const planner = planCaseWith(new RuleBasedPlanner());
  const catalogues = { demo: evalCatalogue('demo'), 'acme-retail': evalCatalogue('acme-retail') };
  const loadAverage = (await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`service ${baseUrl}; load average ${loadAverage}`);
  let failed = 0;
  const audiences = { demo: await readableAudiences(clients.demo), 'acme-retail': await readableAudiences(clients['acme-retail']) };
  for (const set of sets) {
    const file = path.join(ROOT, 'libs', 'assistant', 'domain', 'eval', `${set}.json`);
    const cases = parseEvalCases(JSON.parse(fs.readFileSync(file, 'utf8')), set);
    const verdicts: ServiceVerdict[] = [];
    const started = performance.now();
    for (const c of cases) {
      const catalogue = catalogues[c.org];
      const planRight = compareResolution(c.expect, planner(c, catalogue), catalogue).length === 0;
      verdicts.push(serviceVerdict(c, planRight, await askCase(clients[c.org], c, audiences[c.org])));
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n${formatServiceTable(tallyServiceVerdicts(verdicts), `${set}.json: ${cases.length} cases through the service, ${seconds} s`)}`);
    const [overall] = tallyServiceVerdicts(verdicts).slice(-1);
    failed += overall.httpErrors + (isHeldOut(set) ? 0 : overall.lost);
    if (args.has('--show-failures') && !isHeldOut(set)) {
      for (const v of verdicts.filter((x) => x.problem)) console.log(`  ${v.id} [${v.family}] ${v.problem}: ${v.prompt}\n    ${v.message.slice(0, 200)}`);
    }
  }
  if (args.has('--check') && failed > 0) {
    console.error(`\n${failed} case(s) met an HTTP error or lost a right plan on the way to the answer`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
