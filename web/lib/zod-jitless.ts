import { config } from 'zod';

// The screens that talk to the API check forms with the shared zod schemas. zod's fast path compiles
// parsers with new Function(), after probing whether eval is allowed when an object schema is made: the
// page's Content-Security-Policy (script-src 'self') refuses it, and the probe alone logs a CSP violation.
// Imported first by ApiProviders, so it runs before any module that makes a schema.
config({ jitless: true });
