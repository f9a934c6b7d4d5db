/** Positional file writes: the print writers' byte sink on Node. */
import type { FileHandle } from "node:fs/promises";
import type { ByteSink } from "../../lithophane/chunks.js";

/**
 * Writes to an open file handle; each write's promise settles when its buffer may be reused. Several
 * writes may be in flight on the thread pool, so each gets its file position when issued (pwrite):
 * writes at "the current position" could land out of order.
 */
export class FileSink implements ByteSink {
  constructor(
    private readonly handle: FileHandle,
    private position = 0,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    const start = this.position;
    this.position += bytes.length;
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.length - offset, start + offset);
      offset += bytesWritten;
    }
  }
}

/** Writes all of `bytes[0, length)` at `position`. */
export async function writeAt(
  handle: FileHandle,
  bytes: Uint8Array,
  length: number,
  position: number,
): Promise<void> {
  let offset = 0;
  while (offset < length) {
    const { bytesWritten } = await handle.write(bytes, offset, length - offset, position + offset);
    offset += bytesWritten;
  }
}
