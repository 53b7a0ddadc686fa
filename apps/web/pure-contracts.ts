import type { Plugin } from 'vite';

const CONTRACT = /packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts(?:\?|$)/;
/**
 * The initialisers wrapped: a call (a schema, a chain of calls on one), a property read of one (`Schema.shape`), or an
 * object or array literal (schemas built inside one, `{ id: z.string() }`, are calls too).
 */
const WRAPPED = new Set(['CallExpression', 'MemberExpression', 'ObjectExpression', 'ArrayExpression']);

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
  expression?: Node;
}

/**
 * In the browser build, a contract module's top-level constants are kept only where something uses them. The browser
 * mostly imports plain values from the contracts (a list of sorts, the staff roles) and types; building every zod
 * schema of the module at load, and shipping zod to build them, cost a phone tens of milliseconds of main thread on
 * pages that validate nothing. The bundler must keep a call it cannot prove free of side effects, so each top-level
 * `const X = <call or property read>` of packages/contracts is evaluated as `/* @__PURE__ *\/ (() => (<init>))()`:
 * the same value in the same order, dropped when unused. Building a schema has no effect the browser relies on (the
 * ids `.meta()` registers serve the API's OpenAPI document). The server build is left as it is.
 */
export function pureContracts(): Plugin {
  return {
    name: 'kunci:pure-contracts',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT },
      handler(code) {
        if (this.environment.name !== 'client') return null;
        const program = this.parse(code, { lang: 'ts' }) as unknown as { body: Node[] };
        const insertions: [number, string][] = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const { init } of declaration.declarations ?? []) {
            if (!init || !WRAPPED.has(unwrapped(init).type)) continue;
            insertions.push([init.start, '/* @__PURE__ */ (() => ('], [init.end, '))()']);
          }
        }
        if (insertions.length === 0) return null;
        let out = '';
        let from = 0;
        for (const [at, text] of insertions) {
          out += code.slice(from, at) + text;
          from = at;
        }
        return { code: out + code.slice(from), map: null };
      },
    },
  };
}

/** The expression under TypeScript's `as`, `satisfies` and `!`. */
function unwrapped(node: Node): Node {
  return ['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression'].includes(node.type) && node.expression
    ? unwrapped(node.expression)
    : node;
}
