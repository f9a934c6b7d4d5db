/**
 * The 3MF package both print-file writers share (the white panel's, threemf.ts, and the colour panel's,
 * colour/threemf.ts): the OPC zip with [Content_Types].xml and _rels/.rels, project files written as UTF-8,
 * the model's head and tail, XML escaping, and the model entry streamed through reused chunks. Text is
 * UTF-8 everywhere: a filament called "Blanc nacré PLA – 1.75 mm" keeps its characters in the file.
 */
import { type AsyncFlateStreamHandler, Zip, ZipDeflate, type ZipInputFile } from "fflate";
import { type ByteSink, ChunkedOutput } from "./chunks";

export const MODEL_PATH = "3D/3dmodel.model";
export const CORE_NAMESPACE = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02";
export const SLIC3RPE_NAMESPACE = "http://schemas.slic3r.org/3mf/2017/06";

export const CONTENT_TYPES_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>' +
  "</Types>\n";

export const RELS_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  `<Relationship Target="/${MODEL_PATH}" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>` +
  "</Relationships>\n";

const ENCODER = new TextEncoder();

/** UTF-8 bytes of `text` (markup and names alike). */
export function utf8(text: string): Uint8Array {
  return ENCODER.encode(text);
}

/**
 * Text for an XML attribute or element: markup characters as character references, and the characters
 * XML 1.0 cannot hold at all (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF) left
 * out. Every other character, accented letters and dashes included, stays as it is.
 */
export function escapeXml(text: string): string {
  let out = "";
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000;
    if (!allowed) continue;
    out +=
      character === "<" || character === ">" || character === "&" || character === '"' || character === "'"
        ? `&#${code};`
        : character;
  }
  return out;
}

/**
 * A zip entry the model XML is pushed into. The core uses fflate's ZipDeflate; Node swaps in a
 * zlib-backed one that compresses chunks on the thread pool while the next chunk is generated.
 */
export interface ZipEntryStream {
  file: ZipInputFile;
  /** The returned promise settles when `chunk` may be reused. */
  push(chunk: Uint8Array, final: boolean): void | Promise<void>;
  /** Settles once every compressed byte has been handed to the zip. */
  settled?(): Promise<void>;
}
export type ZipEntryFactory = (filename: string) => ZipEntryStream;

/** fflate's in-thread deflate (browser-safe). Level 1: the XML compresses ~6x even at the fastest level. */
export function fflateDeflateEntry(level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 = 1): ZipEntryFactory {
  return (filename) => {
    const file = new ZipDeflate(filename, { level });
    return { file, push: (chunk, final) => file.push(chunk, final) };
  };
}

/** The model XML's opening, up to the first vertex: metadata (name -> value) and one mesh object. */
export function modelHeadXml(options: {
  metadata: ReadonlyArray<readonly [string, string]>;
  objectName: string;
  /** Adds PrusaSlicer's namespace and its Version3mf mark (projects with Slic3r_PE_model.config). */
  slic3rpe?: boolean;
}): string {
  const namespaces = options.slic3rpe ? ` xmlns:slic3rpe="${SLIC3RPE_NAMESPACE}"` : "";
  const version = options.slic3rpe ? '<metadata name="slic3rpe:Version3mf">1</metadata>\n' : "";
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<model unit="millimeter" xml:lang="en-US" xmlns="${CORE_NAMESPACE}"${namespaces}>\n` +
    version +
    options.metadata
      .map(([name, value]) => `<metadata name="${escapeXml(name)}">${escapeXml(value)}</metadata>\n`)
      .join("") +
    `<resources>\n<object id="1" type="model" name="${escapeXml(options.objectName)}">\n<mesh>\n<vertices>\n`
  );
}

export const VERTICES_TO_TRIANGLES_XML = "</vertices>\n<triangles>\n";

/** The model XML's closing after the last triangle: the build item, with its transform when given. */
export function modelTailXml(transform: readonly number[] | undefined): string {
  const attribute = transform
    ? ` transform="${transform.map((v) => String(Math.round(v * 1e6) / 1e6 + 0)).join(" ")}"`
    : "";
  return `</triangles>\n</mesh>\n</object>\n</resources>\n<build>\n<item objectid="1"${attribute}/>\n</build>\n</model>\n`;
}

/**
 * One 3MF package streamed into a sink: the core files at once, then project files, then the model
 * entry, which `writeModel` fills through a pool of reused chunks.
 */
export class ThreeMfPackage {
  private zipError: Error | null = null;
  private zipBytes = 0;
  private readonly pendingWrites: Promise<void>[] = [];
  private readonly zip: Zip;
  private readonly done: Promise<void>;

  constructor(private readonly sink: ByteSink) {
    let finished!: () => void;
    this.done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const onZipData: AsyncFlateStreamHandler = (error, data, final) => {
      if (error) {
        this.zipError = error;
        finished();
        return;
      }
      this.zipBytes += data.length;
      const written = this.sink.write(data);
      if (written instanceof Promise) this.pendingWrites.push(written);
      if (final) finished();
    };
    this.zip = new Zip(onZipData);
    this.addText("[Content_Types].xml", CONTENT_TYPES_XML);
    this.addText("_rels/.rels", RELS_XML);
  }

  /** A small text file (UTF-8), deflated at level 6. */
  addText(path: string, text: string): void {
    const file = new ZipDeflate(path, { level: 6 });
    this.zip.add(file);
    file.push(utf8(text), true);
  }

  private async drain(): Promise<void> {
    if (this.zipError) throw this.zipError;
    if (this.pendingWrites.length > 0) await Promise.all(this.pendingWrites.splice(0));
  }

  /**
   * The model entry: `fill` writes the XML into `out` (ensure, then write at out.offset); the chunks go
   * through `entryFactory`'s deflate as they fill. Ends the package.
   */
  async writeModel(
    entryFactory: ZipEntryFactory | undefined,
    chunkBytes: number,
    fill: (out: ChunkedOutput) => Promise<void>,
  ): Promise<number> {
    const entry = (entryFactory ?? fflateDeflateEntry(1))(MODEL_PATH);
    this.zip.add(entry.file);
    const out = new ChunkedOutput(
      {
        write: async (bytes) => {
          await entry.push(bytes, false);
          await this.drain();
        },
      },
      chunkBytes,
    );
    await fill(out);
    await out.finish();
    await entry.push(new Uint8Array(0), true);
    await entry.settled?.();
    this.zip.end();
    await this.done;
    await this.drain();
    return this.zipBytes;
  }
}

/** Writes `bytes` at the chunked output's offset, making room first. */
export async function writeChunk(out: ChunkedOutput, bytes: Uint8Array): Promise<void> {
  await out.ensure(bytes.length);
  out.buffer.set(bytes, out.offset);
  out.offset += bytes.length;
}
