// Load from a second process at 64 connections: wrk when the machine has it (Debian's package, what an
// outside check uses), else autocannon. The site and its baseline are always measured by the same tool.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const CONNECTIONS = 64;
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

/** One run of the load. */
interface RunResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors, timeouts and answers other than 2xx or 304. */
  errors: number;
}

/** The measured run, and how long the warm-up before it took (see WARM_UP). */
export interface LoadResult extends RunResult {
  warmUpSeconds: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  /**
   * A query string made new for every request by putting a number in place of `{n}`, as an ad's click
   * id is: `?fbclid={n}&utm_source=facebook`.
   */
  freshQuery?: string;
}

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
export const loadTool = hasWrk ? 'wrk (2 threads)' : 'autocannon';

/**
 * Before each measured run, the same load in runs of a second, not counted, until the rate has stopped
 * rising (by more than a twentieth from one run to the next) twice in a row: the JIT and the caches
 * settle first. A fresh render's code is compiled over its first four seconds or so (300, 374, 544,
 * 674, then about 700 a second in one-second runs here), which a fixed second of warm-up counted as the
 * server's rate; one flat step alone, within the noise of one-second runs, stopped the warm-up after two
 * seconds in one bench of three (886 a second, against 961 and 964 after four to six seconds).
 */
export const WARM_UP = { maxSeconds: 10, settledGain: 0.05 };

/** One run of `seconds` of the load, without warm-up: for what the load does to memory, not its rate. */
export function loadFor(url: string, options: LoadOptions, seconds: number): Promise<RunResult> {
  return hasWrk ? loadWithWrk(url, options, seconds) : loadWithAutocannon(url, options, seconds);
}

export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const run = (seconds: number) => loadFor(url, options, seconds);
  let previous = await run(1);
  let warmUpSeconds = 1;
  let flatInARow = 0;
  while (warmUpSeconds < WARM_UP.maxSeconds && flatInARow < 2) {
    const next = await run(1);
    warmUpSeconds++;
    const rising = next.requestsPerSecond > previous.requestsPerSecond * (1 + WARM_UP.settledGain);
    flatInARow = rising ? 0 : flatInARow + 1;
    previous = next;
  }
  return { ...(await run(DURATION_S)), warmUpSeconds };
}

async function loadWithAutocannon(url: string, options: LoadOptions, seconds: number): Promise<RunResult> {
  let n = 0;
  const path = new URL(url).pathname;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: options.headers,
    ...(options.freshQuery
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                path: path + options.freshQuery!.replace('{n}', String(n++)),
              }),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function loadWithWrk(url: string, options: LoadOptions, seconds: number): Promise<RunResult> {
  const dir = await mkdtemp(join(tmpdir(), 'wrk-'));
  const script = join(dir, 'script.lua');
  // Counts what is not 2xx or 304 (wrk's own count takes a 304 for an error), and builds the fresh
  // query strings. Each wrk thread runs its own copy of the script: the thread number keeps them apart.
  const path = new URL(url).pathname;
  const fresh = options.freshQuery;
  await writeFile(
    script,
    `
local threads = {}
local counter = 0
local thread_id = 0
function setup(thread)
  thread:set("thread_id", #threads + 1)
  table.insert(threads, thread)
end
function init(args) bad = 0 end
function response(status, headers, body)
  if status >= 300 and status ~= 304 then bad = bad + 1 end
end
${
  fresh === undefined
    ? ''
    : `function request()
  counter = counter + 1
  local query = string.gsub(${JSON.stringify(fresh)}, "{n}", thread_id .. "x" .. counter, 1)
  return wrk.format(nil, ${JSON.stringify(path)} .. query)
end`
}
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("bad") end
  io.write(string.format("BENCH %f %f %f %d\\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    total + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
`,
  );
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        'wrk',
        ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, ...headerArgs, url],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`)),
      );
    });
    const figures = /BENCH (\S+) (\S+) (\S+) (\d+)/.exec(output);
    if (!figures) throw new Error(`wrk printed no figures:\n${output}`);
    return {
      requestsPerSecond: Math.round(Number(figures[1])),
      p50Ms: Number(Number(figures[2]).toFixed(1)),
      p99Ms: Number(Number(figures[3]).toFixed(1)),
      errors: Number(figures[4]),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An answer of the site's as a client that takes no compression gets it, as wrk and the baseline do. */
export interface Answer {
  body: Buffer;
  /** Its headers but those Node's HTTP server writes itself. */
  headers: Record<string, string>;
}

/** Written by Node's HTTP server for every answer, the bare server's too. */
const HEADERS_NODE_WRITES = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

export async function answerAt(url: string): Promise<Answer> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!HEADERS_NODE_WRITES.has(name)) headers[name] = value;
  return { body: Buffer.from(await response.arrayBuffer()), headers };
}

/**
 * The same bytes from memory with no framework at all, in a process of its own as the site is: the
 * ceiling this machine allows, measured in the same run so that the ratio holds on a busier machine.
 * The same bytes are the headers too: a site's answer carries a kilobyte of security and cache headers,
 * which cost a bare server a tenth of its rate on a small answer.
 */
async function startStaticServer(answer: Answer): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'static-baseline-'));
  const file = join(dir, 'body');
  await writeFile(file, answer.body);
  const serve = `
    const body = require('node:fs').readFileSync(process.argv[1]);
    const headers = ${JSON.stringify(answer.headers)};
    const server = require('node:http').createServer((request, response) => {
      response.writeHead(200, headers);
      response.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', serve, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = async () => {
    child.kill();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      child.once('exit', (code) => reject(new Error(`static baseline exited with ${code}`)));
    });
    return { url: `http://127.0.0.1:${port}/`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * How many turns the site and its baseline each take, one after the other; the turn with the median
 * ratio counts. An odd number, so that the median is one turn's pair.
 */
const TURNS = 5;

/**
 * The site at `url` and the same answer (`answerAt`) from a bare Node server, loaded alike (`options`
 * too: a fresh query string costs wrk the same work for both), in turns, each warmed up before its first.
 *
 * The figures are one turn's pair, the turn whose ratio is the median. On a shared host both servers'
 * rates move by half from one run to the next: the bare server gave 22,000 and 65,000 within one bench.
 * The best run of each, kept before, set the site's best moment against the baseline's, wherever each
 * fell; a site and a baseline measured seconds apart meet the host in much the same state, and the
 * median of their ratios leaves out the turns a burst lowered on one side only.
 */
export async function loadBesideStatic(
  url: string,
  answer: Answer,
  options: LoadOptions = {},
): Promise<{ site: LoadResult; baseline: LoadResult }> {
  const bare = await startStaticServer(answer);
  try {
    // The first turn warms each up; the turns after it find them warm, and report that warm-up.
    const site = await load(url, options);
    const baseline = await load(bare.url, options);
    const turns = [{ site, baseline }];
    const measure = async (target: string, warmedUp: LoadResult) => ({
      ...(await loadFor(target, options, DURATION_S)),
      warmUpSeconds: warmedUp.warmUpSeconds,
    });
    while (turns.length < TURNS)
      turns.push({ site: await measure(url, site), baseline: await measure(bare.url, baseline) });
    const ratioOf = (turn: (typeof turns)[number]) =>
      turn.site.requestsPerSecond / turn.baseline.requestsPerSecond;
    turns.sort((a, b) => ratioOf(a) - ratioOf(b));
    return turns[(TURNS - 1) / 2]!;
  } finally {
    await bare.stop();
  }
}
