/*
 * In the browser, zod validates without compiling code. Its compiled fast path first probes
 * `new Function`, which the Content-Security-Policy (no 'unsafe-eval') refuses and reports as a
 * violation on every form. zod reads its settings from `globalThis.__zod_globalConfig`, so the root
 * layout sets them in a small inline script in <head> (with the page's nonce): it runs before any
 * module, so before any schema is built, and pages that do not use zod do not load it for this. The
 * server (the API's process) keeps the fast path.
 */
export const ZOD_BROWSER_SETTINGS =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';
