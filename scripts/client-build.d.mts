/** Whether the web client must be built again (scripts/client-build.mjs). */
export function clientBuildIsStale(root?: string): boolean;
