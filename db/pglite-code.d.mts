export function pgliteCode(): Promise<WebAssembly.Module>;
