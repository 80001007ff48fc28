// Resolves the workspace's @aas/* import aliases inside the compiled dist/ tree, so
// `node -r ./tools/runtime/register.js dist/apps/<app>/src/main.js` runs the build as is.
// The aliases come from tsconfig.base.json, the one place they are defined.
const path = require('node:path');
const fs = require('node:fs');
const tsconfigPaths = require('tsconfig-paths');

const root = path.resolve(__dirname, '..', '..');
const base = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
const paths = {};
for (const [alias, targets] of Object.entries(base.compilerOptions.paths)) {
  paths[alias] = targets.map((t) => t.replace(/^\.\//, '').replace(/\.ts$/, ''));
}
tsconfigPaths.register({ baseUrl: path.join(root, 'dist'), paths, addMatchAll: false });
