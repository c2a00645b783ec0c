// npm start: builds the client and server when there is no build yet or the sources are newer, then runs
// the built server in this process (one pid to stop).
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
await import(new URL('../dist/server/main.js', import.meta.url).href);
