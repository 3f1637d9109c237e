// A minimal POSIX tar writer and reader (https://www.gnu.org/software/tar/manual/html_node/Standard.html
// for the ustar header, https://pubs.opengroup.org/onlinepubs/9799919799/utilities/pax.html for the pax
// extended header): regular files only, which is all a backup archive holds. Any tar tool can list or
// unpack the result.

const BLOCK = 512;

/** The largest size the ustar header's eleven octal digits hold: one byte under 8 GiB. */
export const USTAR_MAX_SIZE = 0o77777777777;

/** An extended header larger than this is not one a backup writes; refusing it bounds the memory used. */
const PAX_MAX_BYTES = 64 * 1024;

export class TarFormatError extends Error {}

/** An entry's source gave more or fewer bytes than its header announced. */
export class TarEntrySizeError extends TarFormatError {
  constructor(
    readonly entry: string,
    readonly expected: number,
    readonly atLeast: number,
  ) {
    super(
      atLeast > expected
        ? `${entry} holds more than the ${expected} bytes its header announces`
        : `${entry} holds ${atLeast} bytes, not the ${expected} its header announces`,
    );
  }
}

function writeString(block: Buffer, value: string, offset: number, length: number) {
  block.write(value, offset, Math.min(Buffer.byteLength(value), length), 'utf8');
}

function writeOctal(block: Buffer, value: number, offset: number, length: number) {
  writeString(block, value.toString(8).padStart(length - 1, '0'), offset, length - 1);
}

/** One 512-byte ustar header block. `size` must fit its eleven octal digits. */
function ustarBlock(name: string, size: number, mtime: Date, type: '0' | 'x'): Buffer {
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new TarFormatError(`The path ${name} is too long for the archive`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const seconds = Math.floor(mtime.getTime() / 1000);
  if (!(seconds >= 0 && seconds <= USTAR_MAX_SIZE))
    throw new TarFormatError(`${name} has a modification time the archive cannot hold (${mtime.toString()})`);
  const block = Buffer.alloc(BLOCK);
  writeString(block, base, 0, 100);
  writeOctal(block, 0o644, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeOctal(block, size, 124, 12);
  writeOctal(block, seconds, 136, 12);
  block.write('        ', 148, 8, 'ascii');
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  writeString(block, prefix, 345, 155);
  const sum = block.reduce((total, byte) => total + byte, 0);
  writeString(block, `${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return block;
}

/** One pax record, `<length> <key>=<value>\n`, whose length counts its own digits. */
export function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyBytes = Buffer.byteLength(body);
  let length = bodyBytes;
  while (length !== bodyBytes + String(length).length) length = bodyBytes + String(length).length;
  return `${length}${body}`;
}

/**
 * The header of one regular file of `size` bytes: one 512-byte ustar block, or, from 8 GiB on, a pax
 * extended header carrying the exact size in decimal followed by the ustar block (whose size field then
 * holds zero, as GNU tar writes it, so a reader that ignores pax stops at a damaged header instead of
 * reading a wrong length). A size no archive can describe exactly is refused, never written wrong.
 */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  if (!Number.isSafeInteger(size) || size < 0)
    throw new TarFormatError(`${name} cannot be archived: ${size} is not a size in bytes it can record`);
  if (size <= USTAR_MAX_SIZE) return ustarBlock(name, size, mtime, '0');
  const records = Buffer.from(paxRecord('size', String(size)));
  const slash = name.lastIndexOf('/');
  const paxName = `PaxHeaders/${name.slice(slash + 1)}`.slice(0, 100);
  return Buffer.concat([
    ustarBlock(paxName, records.length, mtime, 'x'),
    records,
    tarPadding(records.length),
    ustarBlock(name, 0, mtime, '0'),
  ]);
}

export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** Two empty blocks close an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

/**
 * One regular file as tar blocks: its header, the bytes of `source` as they come, then the padding. The
 * header is written before the bytes are read, so a source that gives more or fewer than `size` bytes
 * (a file that grew or shrank meanwhile) stops the archive with a TarEntrySizeError, before any byte
 * past `size` is written: an archive is complete and exact, or it fails.
 */
export async function* tarEntry(
  name: string,
  size: number,
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  mtime?: Date,
): AsyncGenerator<Buffer> {
  yield tarHeader(name, size, mtime);
  let written = 0;
  for await (const chunk of source) {
    written += chunk.length;
    if (written > size) throw new TarEntrySizeError(name, size, written);
    yield chunk;
  }
  if (written !== size) throw new TarEntrySizeError(name, size, written);
  yield tarPadding(size);
}

function readString(block: Buffer, offset: number, length: number): string {
  const slice = block.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** A numeric field: octal digits, or GNU tar's base-256 (first byte 0x80, then big-endian bytes). */
function readNumber(block: Buffer, offset: number, length: number, what: string): number {
  const first = block[offset]!;
  if (first & 0x80) {
    if (first !== 0x80) throw new TarFormatError(`an entry header holds a negative ${what}`);
    let value = 0;
    for (let at = offset + 1; at < offset + length; at += 1) value = value * 256 + block[at]!;
    if (!Number.isSafeInteger(value)) throw new TarFormatError(`an entry header holds an impossible ${what}`);
    return value;
  }
  const digits = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(digits)) throw new TarFormatError(`an entry header holds an unreadable ${what}`);
  return digits ? parseInt(digits, 8) : 0;
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
  const size = readNumber(block, 124, 12, 'size');
  const type = String.fromCharCode(block[156] || 0x30);
  return { name: prefix ? `${prefix}/${name}` : name, size, type };
}

/** The `size` and `path` of a pax extended header; other records (times, owners) do not matter here. */
function parsePaxRecords(data: Buffer): { size?: number; path?: string } {
  const found: { size?: number; path?: string } = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = space === -1 ? NaN : Number(data.subarray(at, space).toString('ascii'));
    if (!Number.isSafeInteger(length) || length <= space - at || at + length > data.length)
      throw new TarFormatError('an extended header is damaged');
    const record = data.subarray(space + 1, at + length).toString('utf8');
    const equals = record.indexOf('=');
    if (equals === -1 || !record.endsWith('\n')) throw new TarFormatError('an extended header is damaged');
    const key = record.slice(0, equals);
    const value = record.slice(equals + 1, -1);
    if (key === 'size') {
      const size = Number(value);
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(size))
        throw new TarFormatError(`an extended header holds an impossible size (${value})`);
      found.size = size;
    } else if (key === 'path') {
      found.path = value;
    }
    at += length;
  }
  return found;
}

export type TarEvent =
  { kind: 'entry'; name: string; size: number } | { kind: 'data'; chunk: Buffer } | { kind: 'entryEnd' };

/**
 * Reads a tar stream as events: each entry, its data in chunks, its end. A pax extended header (as this
 * writer makes for 8 GiB and more, and GNU tar in its posix format) gives the next entry its size and
 * path; GNU tar's base-256 sizes are read too. Throws a TarFormatError when the stream stops inside an
 * entry or before the closing blocks, so a truncated archive never passes.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEvent> {
  let pending: Buffer = Buffer.alloc(0);
  let state: 'header' | 'extended' | 'data' | 'padding' | 'done' = 'header';
  let remaining = 0;
  let padding = 0;
  /** The extended header being read: its kind and its bytes so far. */
  let extended: { type: string; parts: Buffer[] } | null = null;
  /** What the last per-file extended header said about the entry that follows it. */
  let overrides: { size?: number; path?: string } | null = null;
  for await (const incoming of source) {
    pending = pending.length ? Buffer.concat([pending, incoming]) : incoming;
    while (pending.length > 0 && state !== 'done') {
      if (state === 'header') {
        if (pending.length < BLOCK) break;
        const header = parseHeader(pending.subarray(0, BLOCK));
        pending = pending.subarray(BLOCK);
        if (!header) {
          if (overrides) throw new TarFormatError('an extended header has no entry after it');
          state = 'done';
          break;
        }
        padding = tarPadding(header.size).length;
        if (header.type === 'x' || header.type === 'g') {
          if (header.size > PAX_MAX_BYTES)
            throw new TarFormatError(`the extended header of ${header.name} is implausibly large`);
          extended = { type: header.type, parts: [] };
          remaining = header.size;
          state = 'extended';
          continue;
        }
        if (header.type !== '0') throw new TarFormatError(`unexpected entry type in ${header.name}`);
        const size = overrides?.size ?? header.size;
        const name = overrides?.path ?? header.name;
        overrides = null;
        yield { kind: 'entry', name, size };
        remaining = size;
        padding = tarPadding(size).length;
        state = 'data';
        if (remaining === 0) {
          yield { kind: 'entryEnd' };
          state = 'padding';
        }
      } else if (state === 'extended') {
        const take = Math.min(remaining, pending.length);
        extended!.parts.push(pending.subarray(0, take));
        pending = pending.subarray(take);
        remaining -= take;
        if (remaining === 0) {
          // A global header (typeflag g) applies to the whole archive; none of its records matter here.
          if (extended!.type === 'x') overrides = parsePaxRecords(Buffer.concat(extended!.parts));
          extended = null;
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
