import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@aas/shared-infra';
import { GatewayConfig } from './gateway.config';
import { buildGatewayOpenApiDocument } from './openapi';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * `npm run openapi`: writes the gateway's OpenAPI document to docs/api/openapi.json (or the path
 * given), exactly what a gateway without PUBLIC_BASE_URL serves at /docs/openapi.json. Nothing
 * is started: the document comes from the decorators alone.
 */
async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs', 'api', 'openapi.json'));
  // The defaults only: the document must not depend on the environment it was exported in.
  const document = await buildGatewayOpenApiDocument(loadConfig(GatewayConfig, {}));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, out)} (${Object.keys(document.paths).length} paths)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
