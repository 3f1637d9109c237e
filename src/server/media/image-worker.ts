// Photos are decoded and encoded in a process of their own (image-process.ts), started when a photo
// arrives and let go after a while with nothing to do. Making a phone photo's copies took the server
// from 250 to 380 MB, which libvips' allocations kept after the work was done; in a process that ends,
// that memory goes back to the machine, and the server never loads libvips at all.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MediaVariant } from '../../../db/schema/index.ts';
import { projectRoot } from '../project-root.ts';

export type ImageJob =
  | {
      /** The upload as it is kept: turned upright and at most `maxSide` pixels on its longer side. */
      kind: 'store';
      input: string;
      output: string;
      limitInputPixels: number;
      animated: boolean;
      maxSide: number;
    }
  | {
      /** The smaller copies pages show, written into `workDir` and named after `base`. */
      kind: 'variants';
      source: string;
      workDir: string;
      base: string;
    }
  | {
      /** A picture the site draws (an offer's coupon), from SVG to PNG, answered as base64. */
      kind: 'drawing';
      svg: string;
    };

export interface StoredImage {
  width: number;
  height: number;
  size: number;
}

/** A copy made, and the file it was written to until the file store keeps it. */
export interface MadeVariant extends MediaVariant {
  file: string;
}

export interface ImageJobRequest {
  id: number;
  job: ImageJob;
}

export type ImageJobAnswer =
  { id: number; result: unknown } | { id: number; error: { message: string; code?: string } };

/** The image process ended before it answered (killed for memory, say): nothing is wrong with the image. */
export class ImageProcessStoppedError extends Error {}

/** How long the process is kept after its last job: an owner uploading several photos starts it once. */
const IDLE_MS = 10_000;

// The compiled server (dist/node/server.cjs) has the compiled process beside it; from source, tsx runs it.
const fromSource = import.meta.url.endsWith('.ts');
const entry = fileURLToPath(
  new URL(fromSource ? './image-process.ts' : './image-process.mjs', import.meta.url),
);

interface Waiting {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

class ImageWorker {
  private child: ChildProcess | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  run(job: ImageJob): Promise<unknown> {
    clearTimeout(this.idleTimer);
    const child = this.started();
    // Held open while a job is out, so a command that made variants waits for them.
    child.ref();
    child.channel?.ref();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      child.send({ id, job } satisfies ImageJobRequest);
    });
  }

  private started(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(entry, [], {
      cwd: projectRoot,
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      // One pool of the C allocator instead of one for each thread libvips and the encoders run on:
      // copies of a phone photo took the process to 190-226 MB with the default pools and to 152 MB
      // with one, in the same time. Only read by the C library as the process starts.
      env: { ...process.env, MALLOC_ARENA_MAX: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (answer: ImageJobAnswer) => this.answered(answer));
    child.once('error', (error) => this.stopped(child, error.message));
    child.once('exit', (code, signal) => this.stopped(child, signal ?? `exit code ${code}`));
    this.child = child;
    return child;
  }

  private answered(answer: ImageJobAnswer): void {
    const waiting = this.waiting.get(answer.id);
    this.waiting.delete(answer.id);
    if ('error' in answer) {
      const error = Object.assign(
        new Error(answer.error.message),
        answer.error.code ? { code: answer.error.code } : {},
      );
      waiting?.reject(error);
    } else {
      waiting?.resolve(answer.result);
    }
    if (this.waiting.size === 0 && this.child) this.idle(this.child);
  }

  /** Nothing out: the process keeps nobody waiting, and ends after a while unless another job comes. */
  private idle(child: ChildProcess): void {
    child.unref();
    child.channel?.unref();
    this.idleTimer = setTimeout(() => {
      if (this.child === child && this.waiting.size === 0) {
        this.child = undefined;
        child.disconnect();
      }
    }, IDLE_MS).unref();
  }

  private stopped(child: ChildProcess, how: string): void {
    // A process let go when idle had nobody waiting; every job out is the current process's.
    if (this.child !== child) return;
    this.child = undefined;
    const error = new ImageProcessStoppedError(`the image process stopped (${how})`);
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}

const worker = new ImageWorker();

export async function storeImage(
  job: Omit<Extract<ImageJob, { kind: 'store' }>, 'kind'>,
): Promise<StoredImage> {
  return (await worker.run({ kind: 'store', ...job })) as StoredImage;
}

export async function makeVariantFiles(
  job: Omit<Extract<ImageJob, { kind: 'variants' }>, 'kind'>,
): Promise<MadeVariant[]> {
  return (await worker.run({ kind: 'variants', ...job })) as MadeVariant[];
}

/** The PNG of a drawing the site made as SVG. */
export async function drawingToPng(svg: string): Promise<Buffer> {
  return Buffer.from((await worker.run({ kind: 'drawing', svg })) as string, 'base64');
}
