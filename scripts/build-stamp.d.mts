export const root: string;
export const serverBundle: string;
export interface SourceSnapshot {
  sources: string;
  stats: string;
}
export function sourceSnapshot(dir?: string): SourceSnapshot;
export function isBuildCurrent(dir?: string): boolean;
export function writeBuildStamp(snapshot: SourceSnapshot, dir?: string): void;
export function onceAcrossProcesses(
  lockPath: string,
  isDone: () => boolean,
  work: () => void,
  say?: (message: string) => void,
): void;
export function buildIfStale(): void;
