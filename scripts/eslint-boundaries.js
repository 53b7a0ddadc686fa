// Import boundaries (style guide: "code flows one way"), as a lint rule so they cannot drift:
// - the web app never imports packages/db, packages/media or server code;
// - packages never import apps;
// - a feature never imports another feature (compose them in a route or the shell instead); on the web a feature may
//   use another's public entry, features/<name>/index.ts, and nothing else of it;
// - on the web, components/ and lib/ know no feature (features and the shell compose them, not the other way);
// - nothing imports the root route (its data's type is lib/root-data.ts), so no import runs in a circle through it;
// - the browser and loaders reach the API through the one typed client, lib/api.ts: no fetch('/api...') elsewhere;
// - only repositories touch the database (docs/decisions/0008-repositories-and-transactions.md): Drizzle and the
//   schema are imported by `*.repository.ts`, packages/db, tests and benchmarks only; the database client's values
//   (opening it, recognising its outages) by the app shell only, its types (the handle a repository is built on)
//   anywhere on the server.
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
  if (['server', 'web'].includes(pkg)) return `apps/${pkg}/`;
  // A package's `./*` export is its `src/*.ts`.
  const path = source.slice(`@kunci/${pkg}/`.length);
  return `packages/${pkg}/${path ? `src/${path}` : ''}`;
}

/** Where Drizzle and the schema may be imported: repositories, the database package, tests, benchmarks. */
const QUERIES_ALLOWED = [
  /\.repository\.ts$/,
  /\.test\.tsx?$/,
  /\/test-helpers\.ts$/,
  /^packages\/db\//,
  /^(?:apps\/server\/)?test\//,
  /^bench\//,
  /^e2e\//,
];
/** Where the database client's values may be imported besides those: the shell that opens it, the error handler. */
const CLIENT_ALLOWED = ['apps/server/src/services.ts', 'apps/server/src/plugins/error-handler.ts'];

/** @param {any} node `import type ...`, or an import of types only */
function typesOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((/** @type {any} */ s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      forbidden: '{{from}} may not import {{to}}: {{why}}',
      rawFetch: "call the API through the typed client in lib/api.ts, never with fetch('/api...')",
    },
  },
  create(context) {
    const here = locate(context.filename);
    /** @param {any} node */
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      /** @param {string} why */
      const report = (why) => context.report({ node, messageId: 'forbidden', data: { from: here.rel, to: source, why } });
      const to = target(context.filename, source);
      if (!QUERIES_ALLOWED.some((allowed) => allowed.test(here.rel))) {
        if (/^drizzle-orm(?:\/|$)/.test(source) || to?.startsWith('packages/db/src/schema'))
          return report('only repositories (*.repository.ts) touch the database: call one');
        if (to?.startsWith('packages/db/src/client') && !CLIENT_ALLOWED.includes(here.rel) && !typesOnly(node))
          return report('only the app shell opens the database; elsewhere import its types and hand it to a repository');
      }
      if (!to) return;
      if (here.rel.startsWith('apps/web/') && (to.startsWith('packages/db/') || to.startsWith('packages/media/') || to.startsWith('apps/server/'))) {
        return report('the web app talks to the API through its client, never to the database or server code');
      }
      if (here.rel.startsWith('packages/') && to.startsWith('apps/')) return report('packages sit below the apps');
      if (here.rel.startsWith('apps/server/') && to.startsWith('apps/web/'))
        return report('the server loads the web build at run time, never its sources');
      if (/^apps\/web\/app\/root(\.tsx)?$/.test(to))
        return report('the root route imports the app, never the reverse (its data type is lib/root-data.ts)');
      const other = locate(resolve(ROOT, to));
      if (/^apps\/web\/app\/(components|lib)\//.test(here.rel) && (other.feature || to.startsWith('apps/web/app/shell/'))) {
        return report('components/ and lib/ know no feature: a feature or the shell passes its parts in');
      }
      if (here.feature && other.feature && here.featureRoot === other.featureRoot && here.feature !== other.feature) {
        const publicEntry = here.featureRoot === 'apps/web/app/features' && other.rel === `${other.featureRoot}/${other.feature}/index.ts`;
        if (!publicEntry) return report(`feature "${here.feature}" may not import feature "${other.feature}" other than through its index.ts`);
      }
    }
    /** @param {any} node the first argument of a fetch call */
    function startsWithApi(node) {
      if (node?.type === 'Literal') return typeof node.value === 'string' && node.value.startsWith('/api');
      if (node?.type === 'TemplateLiteral') return node.quasis[0].value.cooked.startsWith('/api');
      if (node?.type === 'BinaryExpression' && node.operator === '+') return startsWithApi(node.left);
      return false;
    }
    return {
      CallExpression(node) {
        if (!here.rel.startsWith('apps/web/') || here.rel === 'apps/web/app/lib/api.ts') return;
        const callee = node.callee;
        const isFetch =
          (callee.type === 'Identifier' && callee.name === 'fetch') ||
          (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'fetch');
        if (isFetch && startsWithApi(node.arguments[0])) {
          context.report({ node, messageId: 'rawFetch' });
        }
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ source: node.source }),
    };
  },
};

export const boundaries = { rules: { layers } };
