#!/usr/bin/env node
// Builds @aas/sdk into libs/sdk/dist: ES modules and their .d.ts, for browsers, Node and edge
// runtimes alike (the DOM's fetch types, no Node types), from a clean folder so no file of an
// older build is packed. `npm pack libs/sdk` then packs dist/ and the README.
//
// dist/ gets a package.json of its own saying "type": "module", so Node and TypeScript read the
// built files as ES modules. libs/sdk/package.json cannot say it: the workspace compiles and tests
// the sources as CommonJS (jest loads no ES module written in TypeScript), and "type" there would
// make every .ts file of the lib an ES module.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sdk = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(sdk, '..', '..');
fs.rmSync(path.join(sdk, 'dist'), { recursive: true, force: true });
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const result = spawnSync(process.execPath, [tsc, '-p', path.join(sdk, 'tsconfig.lib.json')], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(path.join(sdk, 'dist', 'package.json'), JSON.stringify({ type: 'module', sideEffects: false }, null, 2) + '\n');
console.log(`built ${path.relative(process.cwd(), path.join(sdk, 'dist')) || 'dist'}`);
