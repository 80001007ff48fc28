// Babel plugin for jest only: Nest 12's ESM files read import.meta, which does not
// exist once they are turned into CommonJS. They use it for createRequire(import.meta.url)
// and file locations, so the CommonJS equivalents serve. (The published plugin for this
// rewrites to require('url'), which those files shadow with their own `const require`.)
module.exports = function importMetaToCommonJs({ types: t }) {
  return {
    name: 'import-meta-cjs',
    visitor: {
      MemberExpression(path) {
        const { object, property } = path.node;
        if (!t.isMetaProperty(object) || object.meta.name !== 'import' || object.property.name !== 'meta') return;
        const name = t.isIdentifier(property) ? property.name : null;
        if (name === 'url') path.replaceWith(t.binaryExpression('+', t.stringLiteral('file://'), t.identifier('__filename')));
        else if (name === 'filename') path.replaceWith(t.identifier('__filename'));
        else if (name === 'dirname') path.replaceWith(t.identifier('__dirname'));
      },
    },
  };
};
