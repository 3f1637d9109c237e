// Run by `npm run build`: makes the empty embedded database new data folders start from (pglite-cluster.ts).
import { clusterTemplatePath, makeClusterTemplate } from './pglite-cluster.ts';

const bytes = await makeClusterTemplate();
console.log(`Made the empty embedded database ${clusterTemplatePath()} (${Math.round(bytes / 1024)} KB).`);
