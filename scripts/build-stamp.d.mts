export const root: string;
export const serverBundle: string;
export function sourceHash(): string;
export function isBuildCurrent(): boolean;
export function writeBuildStamp(hash: string): void;
export function onceAcrossProcesses(
  lockPath: string,
  isDone: () => boolean,
  work: () => void,
  say?: (message: string) => void,
): void;
export function buildIfStale(): void;
