// Reading the Prometheus text of GET /metrics in tests.

/** The value of one sample line, `name{labels} value`, or undefined. */
export function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}
