// ES module sources name their relative imports with the extension they will have once compiled
// (`./client.js` for client.ts), as Node's ESM resolution requires: libs/sdk does, being published
// as ES modules. TypeScript maps such a specifier to the .ts file; this resolver does the same for
// jest, for the workspace's own files only (never inside node_modules, where a .js is a .js).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

module.exports = (request, options) => {
  if (/^\.{1,2}\//.test(request) && request.endsWith('.js') && !options.basedir.split(path.sep).includes('node_modules')) {
    const ts = path.resolve(options.basedir, request.slice(0, -3) + '.ts');
    if (!fs.existsSync(path.resolve(options.basedir, request)) && fs.existsSync(ts)) return ts;
  }
  return options.defaultResolver(request, options);
};
