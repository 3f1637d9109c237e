export const GW = 960;
export const GH = 640;

export type Scene = () => string;
