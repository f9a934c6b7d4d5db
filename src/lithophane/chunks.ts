/** Where a writer sends its bytes (a file, a network stream, an array in tests). */
export interface ByteSink {
  /** May keep `bytes` only until the returned promise settles; the writer reuses the buffer afterwards. */
  write(bytes: Uint8Array): void | Promise<void>;
}

/**
 * A small pool of fixed-size buffers filled in turn: while one is being written out (asynchronously), the
 * next is filled, so memory stays at poolSize x chunkBytes however large the file is.
 */
export class ChunkedOutput {
  buffer: Uint8Array;
  view: DataView;
  offset = 0;
  bytesWritten = 0;
  private readonly buffers: Uint8Array[];
  private readonly pending: (Promise<void> | undefined)[];
  private current = 0;

  constructor(
    private readonly sink: ByteSink,
    readonly chunkBytes: number,
    poolSize = 3,
  ) {
    this.buffers = Array.from({ length: poolSize }, () => new Uint8Array(chunkBytes));
    this.pending = new Array(poolSize).fill(undefined);
    this.buffer = this.buffers[0]!;
    this.view = new DataView(this.buffer.buffer);
  }

  /** Makes room for `bytes` more bytes (at most chunkBytes), flushing the current buffer if needed. */
  async ensure(bytes: number): Promise<void> {
    if (this.offset + bytes > this.chunkBytes) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.offset === 0) return;
    const filled = this.buffer.subarray(0, this.offset);
    this.bytesWritten += this.offset;
    const written = this.sink.write(filled);
    this.pending[this.current] = written instanceof Promise ? written : undefined;
    this.current = (this.current + 1) % this.buffers.length;
    const previous = this.pending[this.current];
    if (previous) await previous;
    this.pending[this.current] = undefined;
    this.buffer = this.buffers[this.current]!;
    this.view = new DataView(this.buffer.buffer);
    this.offset = 0;
  }

  /** Flushes what is left and waits for every write; returns the total byte count. */
  async finish(): Promise<number> {
    await this.flush();
    await Promise.all(this.pending);
    return this.bytesWritten;
  }
}

/** A sink collecting everything in memory (browser downloads, tests). */
export class MemorySink implements ByteSink {
  private readonly parts: Uint8Array[] = [];
  length = 0;

  write(bytes: Uint8Array): void {
    this.parts.push(bytes.slice());
    this.length += bytes.length;
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}
