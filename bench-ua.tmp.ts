import autocannon from 'autocannon';
import { startServer } from './e2e/support/server.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const server = await startServer();
try {
  await fetch(`${server.url}/`);
  for (const round of [1, 2]) {
    for (const [label, headers] of [
      ['no user agent (not counted)', {}],
      ['browser user agent (counted)', { 'user-agent': CHROME }],
    ] as const) {
      const r = await autocannon({ url: `${server.url}/`, connections: 64, duration: 5, headers });
      console.log(round, label, Math.round(r.requests.average), 'req/s p99', r.latency.p99, 'ms errors', r.errors + r.non2xx);
    }
  }
} finally {
  await server.stop();
}
