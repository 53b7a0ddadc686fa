// Import boundaries (style guide: "code flows one way"), as a lint rule so they cannot drift:
// - the web app never imports packages/db, packages/media or server code;
// - packages never import apps;
// - a feature never imports another feature (compose them in a route or the shell instead).
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} file */
function locate(file) {
  const rel = relative(ROOT, file).split(sep).join('/');
  const feature = /^(apps\/(?:web\/app|server\/src)\/features)\/([^/]+)\//.exec(rel);
  return { rel, featureRoot: feature?.[1], feature: feature?.[2] };
}

/** @param {string} from @param {string} source */
function target(from, source) {
  if (source.startsWith('.')) return locate(resolve(dirname(from), source)).rel;
  const pkg = /^@kunci\/([^/]+)/.exec(source)?.[1];
  if (!pkg) return undefined;
  return ['server', 'web'].includes(pkg) ? `apps/${pkg}/` : `packages/${pkg}/`;
}

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: { type: 'problem', schema: [], messages: { forbidden: '{{from}} may not import {{to}}: {{why}}' } },
  create(context) {
    const here = locate(context.filename);
    /** @param {any} node */
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const to = target(context.filename, source);
      if (!to) return;
      /** @param {string} why */
      const report = (why) => context.report({ node, messageId: 'forbidden', data: { from: here.rel, to: source, why } });
      if (here.rel.startsWith('apps/web/') && (to.startsWith('packages/db/') || to.startsWith('packages/media/') || to.startsWith('apps/server/'))) {
        return report('the web app talks to the API through its client, never to the database or server code');
      }
      if (here.rel.startsWith('packages/') && to.startsWith('apps/')) return report('packages sit below the apps');
      if (here.rel.startsWith('apps/server/') && to.startsWith('apps/web/'))
        return report('the server loads the web build at run time, never its sources');
      const other = locate(resolve(ROOT, to));
      if (here.feature && other.feature && here.featureRoot === other.featureRoot && here.feature !== other.feature) {
        return report(`feature "${here.feature}" may not import feature "${other.feature}"`);
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ source: node.source }),
    };
  },
};

export const boundaries = { rules: { layers } };
