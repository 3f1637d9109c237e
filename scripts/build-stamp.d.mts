export const root: string;
export const serverBundle: string;
export function sourceHash(): string;
export function isBuildCurrent(): boolean;
export function writeBuildStamp(hash: string): void;
