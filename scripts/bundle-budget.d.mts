export interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export interface BundleSizes {
  entry: string;
  firstLoad: { js: number; css: number; files: number };
  /** js/css: the page's own chunk and the chunks only it imports; firstVisit: all the JS a first visit to it adds */
  pages: { name: string; js: number; css: number; firstVisit: number }[];
  /** chunks more than one page imports, and how many */
  shared: { name: string; js: number; pages: number }[];
}
export declare const BUDGET: { firstLoadJs: number; pageJs: number };
/** The figures of a Vite manifest; `sizeOf(file)` is a built file's gzip size in bytes. */
export declare function bundleSizes(manifest: Record<string, Chunk>, sizeOf: (file: string) => number): BundleSizes;
/** What is past the budget: one line per excess, empty when the bundle fits. */
export declare function budgetProblems(sizes: BundleSizes, budget?: { firstLoadJs: number; pageJs: number }): string[];
export declare const kb: (n: number) => string;
/** The figures of a build (gzip -9 of each file): public/build unless another directory is named. */
export declare function measureBuild(dir?: string): BundleSizes;
