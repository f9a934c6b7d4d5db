/** Positional file writes: the print writers' byte sink on Node. */
import { writeSync } from "node:fs";
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

/**
 * Writes all of `bytes[0, length)` at `position` on this thread (pwrite). The two-thread STL writes its
 * blocks this way: a buffer just filled is copied into the page cache by the thread that filled it, while
 * it is still in that core's cache, and never more than one write per thread is in flight.
 */
export function writeAtSync(fd: number, bytes: Uint8Array, length: number, position: number): void {
  let offset = 0;
  while (offset < length) offset += writeSync(fd, bytes, offset, length - offset, position + offset);
}
