import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { checkRequest, CreateOrganisationRequest, EntitlementChangeRequest, OrganisationAdminService } from '@aas/admin-feature';
import { dataSourceOptions, ORGANISATION_ID_PATTERN, ProblemException } from '@aas/shared-infra';
import { migrateDatabase } from '@aas/shared-schema';
import { parseArgs as parseKnownArgs } from '../lib/cli';
import { withDatabase } from '../lib/database';

const HELP = `Organisations and what they are entitled to (the admin endpoints' service, on the database directly).

usage:
  npm run org -- create <id> --name <name>
  npm run org -- list
  npm run org -- show <id>
  npm run org -- grant <id> [--datasets a,b] [--locations gb,us] [--waves q1_2026,q2_2026]
  npm run org -- revoke <id> [--datasets a,b] [--locations gb,us] [--waves q1_2026,q2_2026]
  npm run org -- --help

  --dataset, --location and --wave are the same as the plural forms. Grants and revocations
  are idempotent and all or nothing: one unknown code and nothing changes. The running service
  serves a change from its next request (no restart). Each command prints the organisation(s)
  as JSON, as GET /v1/admin/organisations does.

Users of an organisation need tokens whose org claim is its id (npm run token -- --org <id> --user <n>).
Database: DATABASE_URL when set, else the embedded Postgres of \`npm start\` (used when it runs,
started for the command when it does not).`;

const KINDS = ['datasets', 'locations', 'waves'] as const;
/** Every option some command takes; each command then says which of them it accepts (`only`). */
const ALL_OPTIONS = ['name', ...KINDS, ...KINDS.map((k) => k.slice(0, -1))];
const parseArgs = (argv: readonly string[]) => parseKnownArgs(argv, ALL_OPTIONS);

/** `--datasets a,b` (or `--dataset a`) as the request member; absent stays absent. */
function codesOf(args: Record<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const kind of KINDS) {
    for (const flag of [kind, kind.slice(0, -1)]) {
      const value = args[flag];
      if (value === undefined) continue;
      if (value === 'true') throw new Error(`--${flag} needs a comma-separated list of codes`);
      out[kind] = [
        ...(out[kind] ?? []),
        ...value
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      ];
    }
  }
  return out;
}

function only(args: Record<string, string>, allowed: readonly string[]): void {
  const unknown = Object.keys(args).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) throw new Error(`unknown option --${unknown[0]}\n\n${HELP}`);
}

function idOf(value: string | undefined, command: string): string {
  if (!value || value.startsWith('--')) throw new Error(`name the organisation: npm run org -- ${command} <id> ...`);
  if (!ORGANISATION_ID_PATTERN.test(value)) throw new Error(`'${value}' is not an organisation id: 1-63 lowercase letters, digits, _ or -`);
  return value;
}

async function run(command: string, rest: string[], service: OrganisationAdminService): Promise<void> {
  const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));
  switch (command) {
    case 'create': {
      const id = idOf(rest[0], command);
      const args = parseArgs(rest.slice(1));
      only(args, ['name']);
      if (!args['name'] || args['name'] === 'true') throw new Error('--name is required: npm run org -- create <id> --name "Its name"');
      print(await service.create(checkRequest(CreateOrganisationRequest, { id, name: args['name'] })));
      return;
    }
    case 'list': {
      only(parseArgs(rest), []);
      const all = [];
      for (let offset = 0; ; offset += 200) {
        const page = await service.list({ limit: 200, offset });
        all.push(...page.data);
        if (page.data.length < 200) break;
      }
      print(all);
      return;
    }
    case 'show': {
      const id = idOf(rest[0], command);
      only(parseArgs(rest.slice(1)), []);
      print(await service.get(id));
      return;
    }
    case 'grant':
    case 'revoke': {
      const id = idOf(rest[0], command);
      const args = parseArgs(rest.slice(1));
      only(args, [...KINDS, ...KINDS.map((k) => k.slice(0, -1))]);
      const body = checkRequest(EntitlementChangeRequest, codesOf(args));
      const result = command === 'grant' ? await service.grant(id, body) : await service.revoke(id, body);
      print(result);
      console.error(`${command === 'grant' ? 'granted' : 'revoked'} ${result.changed} entitlement(s) ${command === 'grant' ? 'to' : 'from'} '${id}'`);
      return;
    }
    default:
      throw new Error(`unknown command '${command}'\n\n${HELP}`);
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === '--help' || command === '-h' || rest.includes('--help') || rest.includes('-h')) {
    console.log(HELP);
    return;
  }
  await withDatabase(
    (msg) => console.error(`[org] ${msg}`),
    async (url) => {
      await migrateDatabase(url);
      const ds = new DataSource(dataSourceOptions(url, { logging: ['error'], extra: { max: 1 } }));
      await ds.initialize();
      try {
        await run(command, rest, new OrganisationAdminService(ds));
      } finally {
        await ds.destroy();
      }
    },
  );
  // Handles (a pool's timers, an embedded Postgres) must not keep a finished CLI alive.
  process.exit(0);
}

main().catch((err: unknown) => {
  if (err instanceof ProblemException) {
    console.error(`error: ${err.message}`);
    for (const e of err.fieldErrors ?? []) console.error(`  ${e.path || '(request)'}: ${e.message}`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
