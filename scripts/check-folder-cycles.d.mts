// Types of scripts/check-folder-cycles.mjs, for the tests that import it.
export interface CruisedModule {
  source: string;
  dependencies: Array<{ resolved: string; dependencyTypes: string[] }>;
}
export type FolderGraph = Map<string, Set<string>>;
export function serverFolderOf(source: string): string | null;
export function folderGraph(modules: CruisedModule[]): FolderGraph;
export function cyclesOf(graph: FolderGraph): string[][];
export function judgeCycles(cycles: string[][]): string[];
export function cruiseServer(): Promise<CruisedModule[]>;
