// Types of scripts/build-if-stale.mjs for its unit test (tests/unit/build-if-stale.test.ts).
export declare function buildState(root?: string): 'none' | 'stale' | 'fresh';
export declare function buildIfStale(): void;
