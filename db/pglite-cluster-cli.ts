// Run by `npm run build`: makes the empty embedded database new data folders start from (pglite-cluster.ts).
import { clusterTemplatePath, makeClusterTemplate } from './pglite-cluster.ts';

await makeClusterTemplate();
console.log(`Made the empty embedded database new data folders start from, in ${clusterTemplatePath()}.`);
