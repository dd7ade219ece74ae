export declare const SERVER_ENTRY: string;
export declare const SERVER_OUT_DIR: string;
/** Why the server bundle in `outDir` needs building, or null when it is current. */
export declare function serverStaleReason(options?: { root?: string; outDir?: string }): string | null;
/** Bundles the server when the bundle is stale; resolves to true when it built. */
export declare function buildServerIfStale(options?: {
  root?: string;
  outDir?: string;
  log?: (line: string) => void;
  force?: boolean;
}): Promise<boolean>;
/** The arguments `node` runs the server with: the (re)built bundle, or tsx when it cannot be built. */
export declare function serverCommand(options?: { root?: string; outDir?: string; log?: (line: string) => void }): Promise<string[]>;
