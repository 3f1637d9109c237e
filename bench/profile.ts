// `npm run bench:profile -- <url> [more urls]`: where a page's main-thread time goes on the calibrated
// phone, task by task. Loads each page in Chromium with its CPU slowed as the bench's Lighthouse runs are
// (bench/lighthouse.ts), records a trace with the renderer's CPU profile, and prints every task of 50 ms
// or more with what filled it: script by file, style, layout, paint, parsing, garbage collection, image
// decoding. Lighthouse names the script a task ran; a task it calls unattributable is one of the others,
// and this shows which.
import type { CDPSession } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { calibratedPhone } from './lighthouse.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      frame?: string;
      stackTrace?: { url: string }[];
      cpuProfile?: {
        nodes?: { id: number; callFrame: { url: string; functionName: string }; parent?: number }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

/** Samples of the renderer's CPU profile: when, and in which file and function. */
function profileSamples(events: TraceEvent[], pid: number) {
  const frames = new Map<number, { url: string; functionName: string }>();
  const samples: { ts: number; url: string; functionName: string }[] = [];
  const chunks = events.filter((event) => event.pid === pid && event.name === 'ProfileChunk');
  let ts = events.find((event) => event.pid === pid && event.name === 'Profile')?.ts ?? 0;
  for (const chunk of chunks) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, index) => {
      ts += deltas[index] ?? 0;
      const frame = frames.get(id);
      if (frame) samples.push({ ts, url: frame.url, functionName: frame.functionName });
    });
  }
  return samples;
}

/** What a part of a task is, in the words of DevTools' Performance panel. */
function kindOf(event: TraceEvent): string | null {
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
    case 'FunctionCall':
    case 'TimerFire':
    case 'EventDispatch':
    case 'FireAnimationFrame':
    case 'RunMicrotasks':
    case 'V8.Execute':
      return `script ${shortUrl(event.args?.data?.url ?? event.args?.data?.stackTrace?.[0]?.url ?? '')}`;
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
    case 'ParseAuthorStyleSheet':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'CompositeLayers':
    case 'Commit':
      return 'paint and composite';
    case 'ParseHTML':
      return 'HTML parsing';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
    case 'BlinkGC.AtomicPhase':
      return 'garbage collection';
    case 'Decode Image':
    case 'ImageDecodeTask':
    case 'Decode LazyPixelRef':
      return 'image decoding';
    case 'HitTest':
      return 'hit testing';
    default:
      return null;
  }
}

function shortUrl(url: string): string {
  if (!url) return '(no file)';
  try {
    const { pathname } = new URL(url);
    return pathname.length > 50 ? `…${pathname.slice(-50)}` : pathname;
  } catch {
    return url.slice(0, 50);
  }
}

async function traceOf(session: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'loading',
        'disabled-by-default-v8.cpu_profiler',
      ],
    },
  });
  await load();
  await session.send('Tracing.end');
  await done;
  return events;
}

async function profile(url: string, slowdown: number): Promise<void> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const events = await traceOf(session, async () => {
      await page.goto(url, { waitUntil: 'load' });
      // The page's work after load (hydration, idle callbacks): what a visitor's first seconds hold.
      await page.waitForTimeout(4_000);
    });
    const start = events.find((event) => event.name === 'navigationStart')?.ts ?? events[0]!.ts;
    // The page's main thread: the renderer thread that parsed its HTML.
    const parse = events.find(
      (event) =>
        event.name === 'ParseHTML' &&
        (event.args as { beginData?: { url?: string } } | undefined)?.beginData?.url === url,
    );
    if (!parse) throw new Error(`no HTML parsing recorded for ${url}`);
    const { pid, tid } = parse;
    const samples = profileSamples(events, pid);
    const tasks = events
      .filter(
        (event) =>
          event.pid === pid && event.tid === tid && event.name === 'RunTask' && (event.dur ?? 0) >= 50_000,
      )
      .sort((a, b) => a.ts - b.ts);
    let total = 0;
    console.log(`\n${url}: ${tasks.length} tasks of 50 ms or more at ${slowdown}x\n`);
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const inside = events.filter(
        (event) =>
          event.pid === task.pid &&
          event.tid === task.tid &&
          event.ts >= task.ts &&
          event.ts < end &&
          event.dur,
      );
      // Each moment of the task counted once, under the outermost part that names it.
      const parts = new Map<string, number>();
      let coveredUntil = task.ts;
      for (const event of inside.sort((a, b) => a.ts - b.ts)) {
        const kind = kindOf(event);
        if (!kind || event.ts + event.dur! <= coveredUntil) continue;
        const from = Math.max(event.ts, coveredUntil);
        parts.set(kind, (parts.get(kind) ?? 0) + (event.ts + event.dur! - from));
        coveredUntil = event.ts + event.dur!;
      }
      const named = [...parts.values()].reduce((sum, value) => sum + value, 0);
      parts.set('(not named)', task.dur! - named);
      total += task.dur! - 50_000;
      const shown = [...parts]
        .filter(([, us]) => us >= 2_000)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, us]) => `${kind} ${Math.round(us / 1000)}`)
        .join(', ');
      console.log(
        `at ${Math.round((task.ts - start) / 1000)} ms, ${Math.round(task.dur! / 1000)} ms: ${shown}`,
      );
      // Every event inside the task by name, for the parts the summary above cannot name.
      const byName = new Map<string, number>();
      for (const event of inside)
        if (event !== task) byName.set(event.name, (byName.get(event.name) ?? 0) + event.dur!);
      console.log(
        `    events: ${[...byName]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([name, us]) => `${name} ${Math.round(us / 1000)}`)
          .join(', ')}`,
      );
      // The script's share by file and function, from the CPU profile's samples in the task.
      const byFunction = new Map<string, number>();
      const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
      for (const sample of inTask) {
        const key = `${shortUrl(sample.url)} ${sample.functionName || '(anonymous)'}`;
        byFunction.set(key, (byFunction.get(key) ?? 0) + 1);
      }
      const top = [...byFunction]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([key, count]) => `${key} ${Math.round((count / Math.max(1, inTask.length)) * 100)}%`);
      if (top.length > 0) console.log(`    samples: ${top.join('; ')}`);
    }
    console.log(`blocking time (each task's part over 50 ms): ${Math.round(total / 1000)} ms`);
  } finally {
    await browser.close();
  }
}

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: npm run bench:profile -- <url> [more urls]');
  process.exit(2);
}
const phone = await calibratedPhone();
console.log(
  `this machine's benchmark index ${phone.hostBenchmarkIndex} (${phone.measurements.join(', ')}; Chromium ${phone.chromiumVersion}): slowdown ${phone.cpuSlowdownMultiplier}x`,
);
for (const url of urls) await profile(url, phone.cpuSlowdownMultiplier);
