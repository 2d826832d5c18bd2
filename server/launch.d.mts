// Types of server/launch.mjs (plain JavaScript, so that Node runs it without a loader), for its tests.
export declare const BUNDLE_FOLDER: string;
export declare const BUNDLE_FORMAT: number;

export interface Manifest {
  format: number;
  esbuild: string;
  root: string;
  entry: string;
  bundle: string;
  inputs: Record<string, [mtimeMs: number, size: number]>;
}

export declare function esbuildVersion(): string;
export declare function isFresh(manifest: Manifest | undefined, target: { root: string; entry: string; folder: string; esbuild: string }): boolean;
export declare function readManifest(folder: string): Manifest | undefined;
export declare function buildBundle(target: { root: string; entry: string; folder: string }): Promise<Manifest>;
export declare function bundleOf(options?: { root?: string; entry?: string; folder?: string }): Promise<{ file: string; built: boolean }>;
