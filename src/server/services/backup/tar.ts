// A minimal POSIX ustar writer and reader (https://www.gnu.org/software/tar/manual/html_node/Standard.html):
// regular files only, which is all a backup archive holds. Any tar tool can list or unpack the result.

const BLOCK = 512;

export class TarFormatError extends Error {}

function writeString(block: Buffer, value: string, offset: number, length: number) {
  block.write(value, offset, Math.min(Buffer.byteLength(value), length), 'utf8');
}

function writeOctal(block: Buffer, value: number, offset: number, length: number) {
  writeString(block, value.toString(8).padStart(length - 1, '0'), offset, length - 1);
}

/** The 512-byte header of one regular file. */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new TarFormatError(`The path ${name} is too long for the archive`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const block = Buffer.alloc(BLOCK);
  writeString(block, base, 0, 100);
  writeOctal(block, 0o644, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  // Eleven octal digits hold up to 8 GiB, far above any upload limit.
  writeOctal(block, size, 124, 12);
  writeOctal(block, Math.floor(mtime.getTime() / 1000), 136, 12);
  block.write('        ', 148, 8, 'ascii');
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  writeString(block, prefix, 345, 155);
  const sum = block.reduce((total, byte) => total + byte, 0);
  writeString(block, `${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return block;
}

export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** Two empty blocks close an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

function readString(block: Buffer, offset: number, length: number): string {
  const slice = block.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseHeader(block: Buffer): { name: string; size: number; type: string } | null {
  if (block.every((byte) => byte === 0)) return null;
  const stored = parseInt(readString(block, 148, 8).trim() || 'x', 8);
  const copy = Buffer.from(block);
  copy.write('        ', 148, 8, 'ascii');
  const sum = copy.reduce((total, byte) => total + byte, 0);
  if (stored !== sum) throw new TarFormatError('an entry header is damaged');
  const name = readString(block, 0, 100);
  const prefix = readString(block, 345, 155);
  const size = parseInt(readString(block, 124, 12).trim() || '0', 8);
  const type = String.fromCharCode(block[156] || 0x30);
  return { name: prefix ? `${prefix}/${name}` : name, size, type };
}

export type TarEvent =
  { kind: 'entry'; name: string; size: number } | { kind: 'data'; chunk: Buffer } | { kind: 'entryEnd' };

/**
 * Reads a tar stream as events: each entry, its data in chunks, its end. Throws a TarFormatError when
 * the stream stops inside an entry or before the closing blocks, so a truncated archive never passes.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEvent> {
  let pending: Buffer = Buffer.alloc(0);
  let state: 'header' | 'data' | 'padding' | 'done' = 'header';
  let remaining = 0;
  let padding = 0;
  for await (const incoming of source) {
    pending = pending.length ? Buffer.concat([pending, incoming]) : incoming;
    while (pending.length > 0 && state !== 'done') {
      if (state === 'header') {
        if (pending.length < BLOCK) break;
        const header = parseHeader(pending.subarray(0, BLOCK));
        pending = pending.subarray(BLOCK);
        if (!header) {
          state = 'done';
          break;
        }
        if (header.type !== '0') throw new TarFormatError(`unexpected entry type in ${header.name}`);
        yield { kind: 'entry', name: header.name, size: header.size };
        remaining = header.size;
        padding = tarPadding(header.size).length;
        state = 'data';
        if (remaining === 0) {
          yield { kind: 'entryEnd' };
          state = 'padding';
        }
      } else if (state === 'data') {
        const take = Math.min(remaining, pending.length);
        yield { kind: 'data', chunk: pending.subarray(0, take) };
        pending = pending.subarray(take);
        remaining -= take;
        if (remaining === 0) {
          yield { kind: 'entryEnd' };
          state = 'padding';
        }
      } else {
        const take = Math.min(padding, pending.length);
        pending = pending.subarray(take);
        padding -= take;
        if (padding === 0) state = 'header';
      }
    }
  }
  if (state !== 'done') throw new TarFormatError('the archive ends in the middle');
}
