export function removeCodeCaches(dir: string): void;
export function runWithCodeCache(file: string): {
  exports: unknown;
  usedCache: boolean;
  written: Promise<boolean>;
};
