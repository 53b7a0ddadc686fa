/**
 * Runs in the page's head before any module. zod's object schemas otherwise try `new Function` once (their fast path),
 * which the pages' CSP (no 'unsafe-eval') refuses and reports as a violation, though zod catches it. Without eval they
 * take the same path as when refused; zod reads its configuration from this global, shared by every copy of it.
 */
export const ZOD_BOOT_SCRIPT = 'globalThis.__zod_globalConfig={jitless:true};';
