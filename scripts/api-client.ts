import { readFileSync, writeFileSync } from 'node:fs';
import {
  apiDocumentText,
  apiTypesText,
  lintApiDocument,
  SDK_COMMAND,
  SDK_DOCUMENT,
  SDK_TYPES,
} from './lib/api-sdk.ts';

// npm run api:client: writes the REST API's document (sdk/openapi.json) and the typed client's types
// (sdk/tapcard-api.d.ts) from the app's routes, then lints the document. With --check (npm run lint:api) it
// writes nothing and fails when either file is not what the app makes now, or the lint finds anything.

const check = process.argv.includes('--check');
const document = await apiDocumentText();
const types = await apiTypesText(document);
const stale: string[] = [];
for (const [file, text] of [
  [SDK_DOCUMENT, document],
  [SDK_TYPES, types],
] as const) {
  if (check) {
    let committed = '';
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      // missing: stale like any other difference
    }
    if (committed !== text) stale.push(file);
  } else {
    writeFileSync(file, text);
  }
}
if (stale.length > 0) {
  console.error(
    `${stale.join(' and ')}: not what the app makes now. Run \`${SDK_COMMAND}\` and commit them.`,
  );
}
const lint = lintApiDocument(SDK_DOCUMENT);
if (!lint.ok) console.error(lint.output);
else if (!check) console.log(`Wrote ${SDK_DOCUMENT} and ${SDK_TYPES}; the lint found nothing.`);
process.exit(stale.length > 0 || !lint.ok ? 1 : 0);
