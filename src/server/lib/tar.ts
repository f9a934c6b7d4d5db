/**
 * Just enough tar for the shop's backups: writes POSIX ustar entries (with a PAX record for
 * names over 100 bytes or files over 8 GB) and reads them back, so a backup is an ordinary
 * .tar.gz that `tar tzf` lists and `tar xzf` unpacks. Only regular files are written; a reader
 * skips anything else (directories, links, devices) and refuses unsafe names.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

export interface TarEntryHeader {
  name: string;
  size: number;
  /** Seconds since the epoch. */
  mtime?: number;
  mode?: number;
}

function writeString(block: Buffer, offset: number, length: number, value: string) {
  block.write(value, offset, Math.min(length, Buffer.byteLength(value)), "utf8");
}

function writeOctal(block: Buffer, offset: number, length: number, value: number) {
  block.write(
    `${Math.floor(value)
      .toString(8)
      .padStart(length - 1, "0")}\0`,
    offset,
    length,
    "ascii",
  );
}

function headerBlock(name: string, size: number, type: string, mtime: number, mode: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, mtime);
  block.fill(" ", 148, 156);
  block.write(type, 156, 1, "ascii");
  block.write("ustar\0", 257, 6, "ascii");
  block.write("00", 263, 2, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return block;
}

/** One PAX record "<len> key=value\n", where len counts the whole record. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

/** Zero bytes that pad an entry's content to a whole block. */
export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** The header block(s) of one regular file; its content and tarPadding(size) follow. */
export function tarHeader(entry: TarEntryHeader): Buffer {
  const mtime = entry.mtime ?? Math.floor(Date.now() / 1000);
  const mode = entry.mode ?? 0o600;
  const records: string[] = [];
  let name = entry.name;
  if (Buffer.byteLength(name) > 100 || /[^\x20-\x7e]/.test(name)) {
    records.push(paxRecord("path", name));
    name = `PaxHeaders/${Buffer.from(name)
      .subarray(0, 80)
      .toString("ascii")
      .replace(/[^\x20-\x7e]/g, "_")}`;
  }
  let size = entry.size;
  if (size > MAX_OCTAL_SIZE) {
    records.push(paxRecord("size", String(size)));
    size = 0;
  }
  const main = headerBlock(name, size, "0", mtime, mode);
  if (records.length === 0) return main;
  const pax = Buffer.from(records.join(""), "utf8");
  return Buffer.concat([
    headerBlock("././@PaxHeader", pax.length, "x", mtime, 0o644),
    pax,
    tarPadding(pax.length),
    main,
  ]);
}

/** The two zero blocks that end an archive. */
export function tarEnd(): Buffer {
  return Buffer.alloc(BLOCK * 2);
}

/** A whole small entry (header, content, padding). */
export function tarFile(name: string, content: Buffer, mtime?: number): Buffer {
  return Buffer.concat([
    tarHeader({ name, size: content.length, ...(mtime !== undefined ? { mtime } : {}) }),
    content,
    tarPadding(content.length),
  ]);
}

export class TarFormatError extends Error {
  constructor(message: string) {
    super(`Not a valid backup archive: ${message}`);
    this.name = "TarFormatError";
  }
}

/** A relative path with no "..", no absolute start, no backslash and no NUL. */
export function isSafeEntryName(name: string): boolean {
  if (!name || name.length > 4096 || name.startsWith("/") || name.includes("\\") || name.includes("\0"))
    return false;
  return name.split("/").every((segment) => segment !== ".." && segment !== "");
}

function readString(block: Buffer, offset: number, length: number): string {
  const slice = block.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readNumber(block: Buffer, offset: number, length: number): number {
  const field = block.subarray(offset, offset + length);
  if ((field[0] ?? 0) & 0x80) {
    // GNU base-256 for big numbers.
    let value = 0;
    for (let i = 1; i < field.length; i++) value = value * 256 + (field[i] ?? 0);
    return value;
  }
  const text = readString(block, offset, length).trim();
  return text ? Number.parseInt(text, 8) : 0;
}

function parsePax(content: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number.parseInt(content.subarray(at, space).toString("ascii"), 10);
    if (!Number.isInteger(length) || length <= 0) throw new TarFormatError("bad PAX record");
    const record = content.subarray(space + 1, at + length - 1).toString("utf8");
    const eq = record.indexOf("=");
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

export type TarEvent =
  | { kind: "file"; name: string; size: number }
  | { kind: "data"; chunk: Buffer }
  | { kind: "fileEnd" }
  | { kind: "end" };

/**
 * A push parser: feed it the (gunzipped) archive in chunks; it returns what each chunk
 * completed. Regular files come as file, data..., fileEnd; everything else is skipped.
 */
export class TarReader {
  private buffer: Buffer = Buffer.alloc(0);
  private remaining = 0;
  private padding = 0;
  private current: "file" | "skip" | "pax" | "longname" | null = null;
  private meta: Buffer[] = [];
  private pending: Record<string, string> = {};
  private ended = false;

  get finished(): boolean {
    return this.ended;
  }

  push(chunk: Buffer): TarEvent[] {
    const events: TarEvent[] = [];
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    while (!this.ended) {
      if (this.current) {
        if (this.remaining > 0) {
          if (this.buffer.length === 0) break;
          const take = Math.min(this.remaining, this.buffer.length);
          const part = this.buffer.subarray(0, take);
          this.buffer = this.buffer.subarray(take);
          this.remaining -= take;
          if (this.current === "file") events.push({ kind: "data", chunk: Buffer.from(part) });
          else if (this.current !== "skip") this.meta.push(Buffer.from(part));
          continue;
        }
        if (this.buffer.length < this.padding) break;
        this.buffer = this.buffer.subarray(this.padding);
        this.padding = 0;
        if (this.current === "file") events.push({ kind: "fileEnd" });
        else if (this.current === "pax") Object.assign(this.pending, parsePax(Buffer.concat(this.meta)));
        else if (this.current === "longname") {
          this.pending.path = Buffer.concat(this.meta).toString("utf8").replace(/\0+$/, "");
        }
        this.current = null;
        this.meta = [];
        continue;
      }
      if (this.buffer.length < BLOCK) break;
      const block = this.buffer.subarray(0, BLOCK);
      this.buffer = this.buffer.subarray(BLOCK);
      if (block.every((b) => b === 0)) {
        this.ended = true;
        events.push({ kind: "end" });
        break;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
      if (sum !== readNumber(block, 148, 8)) throw new TarFormatError("header checksum mismatch");
      const type = String.fromCharCode(block[156] ?? 0);
      let name = readString(block, 0, 100);
      const prefix = readString(block, 257, 6).startsWith("ustar") ? readString(block, 345, 155) : "";
      if (prefix) name = `${prefix}/${name}`;
      let size = readNumber(block, 124, 12);
      if (type === "x" || type === "L") {
        this.current = type === "x" ? "pax" : "longname";
      } else {
        if (this.pending.path) name = this.pending.path;
        if (this.pending.size) size = Number(this.pending.size);
        this.pending = {};
        if (type === "0" || type === "\0") {
          const clean = name.replace(/^\.\//, "");
          if (!isSafeEntryName(clean)) throw new TarFormatError(`unsafe entry name ${JSON.stringify(name)}`);
          this.current = "file";
          events.push({ kind: "file", name: clean, size });
        } else {
          this.current = "skip";
        }
      }
      this.remaining = size;
      this.padding = size % BLOCK === 0 ? 0 : BLOCK - (size % BLOCK);
    }
    return events;
  }
}
