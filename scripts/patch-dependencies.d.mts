export interface Mend {
  package: string;
  file: string;
  marker: string;
  original: string;
  replacement: string;
}
export const mends: Mend[];
export function applyMends(
  nodeModules: string,
): { package: string; outcome: 'applied' | 'already' | 'changed upstream' }[];
