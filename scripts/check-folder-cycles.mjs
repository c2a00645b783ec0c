// The floors of server/ (docs/architecture.md "Floors"): no folder may reach itself again through value
// imports (type imports are erased and cost nothing at run time). dependency-cruiser reads the imports, as
// TypeScript writes them, and this script folds them into a graph of folders and finds its cycles.
// The check fails on any cycle: a feature that needs another's code imports it one way only, and what two
// folders both need lives on a floor under them (docs/decisions/024-server-floors.md).
import { pathToFileURL } from 'node:url';
import { cruise } from 'dependency-cruiser';

/** The folder of server/ a module is in (a file at server/'s top, such as config.ts, is its own), or null. */
export function serverFolderOf(source) {
  const match = /^server\/([^/]+)/.exec(source);
  return match ? match[1] : null;
}

/**
 * The graph of server/'s folders: an edge for each value import from a module of one folder to a module
 * of another (an `import type` or `export type` is none).
 */
export function folderGraph(modules) {
  const graph = new Map();
  for (const module of modules) {
    const from = serverFolderOf(module.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dependency of module.dependencies) {
      if (dependency.dependencyTypes.includes('type-only')) continue;
      const to = serverFolderOf(dependency.resolved);
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of two nodes or more, each sorted (Tarjan). */
export function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** What is wrong with the cycles found: a sentence for each. */
export function judgeCycles(cycles) {
  return cycles.map((cycle) => `server/ folders in a cycle of value imports: ${cycle.join(', ')}`);
}

/** The modules under server/ and their imports, as dependency-cruiser reads them. */
export async function cruiseServer() {
  const { output } = await cruise(['server'], {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
  });
  return output.modules;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cycles = cyclesOf(folderGraph(await cruiseServer()));
  const problems = judgeCycles(cycles);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log('folder cycles: none');
}
