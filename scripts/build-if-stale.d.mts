export declare const ROOT: string;
export declare const MANIFEST: string;
export declare const SOURCES: string[];
/** Why the client needs building, or null when public/build is current. */
export declare function staleReason(root?: string): string | null;
/** Runs `vite build` when the build is stale; resolves to true when it built. */
export declare function buildIfStale(options?: {
  root?: string;
  log?: (line: string) => void;
  force?: boolean;
}): Promise<boolean>;
