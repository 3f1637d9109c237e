export function pgliteCode(): Promise<WebAssembly.Module>;
export function pgliteVersion(): string;
