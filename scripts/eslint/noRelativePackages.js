// A relative import that climbs out of the importing file's workspace skips the other package's
// public entry and its package.json. eslint-plugin-import-x had this rule, but its resolver ships
// per-platform native bindings that the registry here does not all serve, which broke `npm ci`.
import fs from 'node:fs';
import path from 'node:path';

const rootCache = new Map();
function packageRoot(dir) {
  if (rootCache.has(dir)) return rootCache.get(dir);
  const parent = path.dirname(dir);
  const found = fs.existsSync(path.join(dir, 'package.json')) ? dir : parent === dir ? null : packageRoot(parent);
  rootCache.set(dir, found);
  return found;
}

export const noRelativePackages = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative imports that reach into another workspace package' },
    messages: { outside: 'Relative import leaves this package ({{ own }}); import the other package by its name.' },
    schema: [],
  },
  create(context) {
    const own = packageRoot(path.dirname(context.filename));
    function check(node) {
      const spec = node?.value;
      if (!own || typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      if (target === own || target.startsWith(own + path.sep)) return;
      context.report({ node, messageId: 'outside', data: { own: path.basename(own) } });
    }
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

export default { rules: { 'no-relative-packages': noRelativePackages } };
