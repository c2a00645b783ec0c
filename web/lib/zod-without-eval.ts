/**
 * zod's fast path compiles parsers with new Function(), after probing whether eval is allowed: the
 * page's Content-Security-Policy (script-src 'self') refuses it, and the probe alone reports a CSP
 * violation. zod keeps its settings in this global object and reads them when a schema is built, so the
 * setting is made here, first of all, before any screen's chunk builds one (lazy screens load in any
 * order).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
