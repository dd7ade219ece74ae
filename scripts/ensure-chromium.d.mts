export declare const DEBIAN_CHROMIUM: string;
export declare class ChromiumError extends Error {}
/** Returns the path of a Chromium executable, installing Debian's package when that is possible. */
export declare function ensureChromium(options?: { install?: boolean; log?: (line: string) => void }): string;
