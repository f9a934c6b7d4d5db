import { asciiBytes, PackedText, putUint, writeBytes, writeFixed3, writeFixed6 } from "./ascii";
import type { ByteSink, ChunkedOutput } from "./chunks";
import {
  fileIndex,
  forEachWallAndBackTriangle,
  newCellWalk,
  type PanelGeometry,
  rowScratchSize,
  rowTopTriangles,
  vertexPosition,
} from "./geometry";
import {
  fflateDeflateEntry,
  modelHeadXml,
  modelTailXml,
  ThreeMfPackage,
  utf8,
  VERTICES_TO_TRIANGLES_XML,
  type ZipEntryFactory,
} from "./package3mf";
import type { WriteResult, WriterOptions } from "./stl";

export {
  CONTENT_TYPES_XML,
  CORE_NAMESPACE,
  fflateDeflateEntry,
  MODEL_PATH,
  RELS_XML,
  type ZipEntryFactory,
  type ZipEntryStream,
} from "./package3mf";

/** What makes the bare mesh a print-ready project (see print-project.ts). */
export interface ThreeMfProject {
  /** The build item's 3 x 4 transform (12 numbers), e.g. standing the panel upright. */
  transform: readonly number[];
  /** Extra package files, path -> text (Metadata/Slic3r_PE.config). */
  files: ReadonlyArray<readonly [string, string]>;
  /** 3MF core metadata, name -> value. */
  metadata: ReadonlyArray<readonly [string, string]>;
}

function modelHead(project: ThreeMfProject | undefined): Uint8Array {
  const metadata = project?.metadata ?? [["Application", "Lithobox lithophane generator"]];
  return utf8(modelHeadXml({ metadata, objectName: "Lithophane" }));
}
const VERTICES_END = asciiBytes(VERTICES_TO_TRIANGLES_XML);

function modelTail(project: ThreeMfProject | undefined): Uint8Array {
  return asciiBytes(modelTailXml(project?.transform));
}
const VERTEX_Y = asciiBytes('" y="');
const VERTEX_Z = asciiBytes('" z="');
const ELEMENT_END = asciiBytes('"/>\n');
const VERTEX_X = asciiBytes('<vertex x="');

/** Upper bounds used to reserve buffer space per row. */
const MAX_VERTEX_BYTES = 72;
const MAX_TRIANGLE_BYTES = 64;
/** Room for the up-to-3-byte spill of 32-bit text stores. */
const SLACK = 8;

export interface ThreeMfOptions extends WriterOptions {
  modelEntry?: ZipEntryFactory;
  project?: ThreeMfProject;
}

/** Little-endian 32-bit word of up to 4 ASCII characters, for unaligned DataView stores. */
function word(text: string): number {
  let value = 0;
  for (let k = 0; k < text.length; k++) value |= text.charCodeAt(k) << (8 * k);
  return value >>> 0;
}
// '<triangle v1="' (14 bytes), '" v2="' and '" v3="' (6 bytes), '"/>\n' (4 bytes) as constant stores.
const TRIANGLE_0 = word("<tri");
const TRIANGLE_1 = word("angl");
const TRIANGLE_2 = word("e v1");
const TRIANGLE_3 = word('="');
const SECOND_0 = word('" v2');
const THIRD_0 = word('" v3');
const EQUALS_QUOTE = word('="');
const END_WORD = word('"/>\n');

function writeTriangle(view: DataView, offset: number, a: number, b: number, c: number): number {
  view.setUint32(offset, TRIANGLE_0, true);
  view.setUint32(offset + 4, TRIANGLE_1, true);
  view.setUint32(offset + 8, TRIANGLE_2, true);
  view.setUint16(offset + 12, TRIANGLE_3, true);
  let o = putUint(view, offset + 14, a);
  view.setUint32(o, SECOND_0, true);
  view.setUint16(o + 4, EQUALS_QUOTE, true);
  o = putUint(view, o + 6, b);
  view.setUint32(o, THIRD_0, true);
  view.setUint16(o + 4, EQUALS_QUOTE, true);
  o = putUint(view, o + 6, c);
  view.setUint32(o, END_WORD, true);
  return o + 4;
}

/**
 * Formats one grid row of vertices or one row of cells' triangles at a time, with 32-bit stores of
 * pre-packed text and table-driven digits. Synchronous and small, so V8 optimises the hot loops; the
 * async caller only deals with buffer hand-over.
 */
class ModelXmlRows {
  /** Per column: '<vertex x="<x>" y="' packed, 8 words each. */
  private readonly columnWords: Uint32Array;
  private readonly columnLength: Uint8Array;
  /** Per thickness in thousandths: its text followed by '"/>\n', packed, 3 words each. */
  private readonly zWords: Uint32Array;
  private readonly zLength: Uint8Array;
  private readonly scratch: Int32Array;
  private readonly walk = newCellWalk();

  constructor(private readonly geometry: PanelGeometry) {
    const { nx, stepXMm } = geometry;
    const text = new Uint8Array(64);
    this.columnWords = new Uint32Array(nx * 8);
    this.columnLength = new Uint8Array(nx);
    for (let i = 0; i < nx; i++) {
      let p = writeBytes(text, 0, VERTEX_X);
      p = writeFixed3(text, p, i * stepXMm);
      p = writeBytes(text, p, VERTEX_Y);
      this.columnWords.set(new PackedText(text.subarray(0, p)).words, i * 8);
      this.columnLength[i] = p;
    }
    const maxThousandths = Math.round(geometry.heightmap.spec.maxThicknessMm * 1000);
    this.zWords = new Uint32Array((maxThousandths + 1) * 3);
    this.zLength = new Uint8Array(maxThousandths + 1);
    for (let m = 0; m <= maxThousandths; m++) {
      let p = writeFixed3(text, 0, m / 1000);
      p = writeBytes(text, p, ELEMENT_END);
      this.zWords.set(new PackedText(text.subarray(0, p)).words, m * 3);
      this.zLength[m] = p;
    }
    this.scratch = new Int32Array(rowScratchSize(nx));
  }

  /** One grid row of '<vertex x=".." y=".." z=".."/>' lines; fixed-count word stores (spills are overwritten). */
  vertexRow(view: DataView, offset: number, j: number): number {
    const { nx, gridFileIndex } = this.geometry;
    const heights = this.geometry.heightmap.thicknessMm;
    const { columnWords, columnLength, zWords, zLength } = this;
    const rowText = new Uint8Array(12);
    let rowLength = writeFixed3(rowText, 0, j * this.geometry.stepYMm);
    rowLength = writeBytes(rowText, rowLength, VERTEX_Z);
    const rowWords = new PackedText(rowText).words;
    const row0 = rowWords[0]!;
    const row1 = rowWords[1]!;
    const row2 = rowWords[2]!;
    const maxThousandths = zLength.length - 1;
    let o = offset;
    for (let i = 0; i < nx; i++) {
      const k = j * nx + i;
      if (gridFileIndex !== null && gridFileIndex[k]! < 0) continue;
      const c = i * 8;
      view.setUint32(o, columnWords[c]!, true);
      view.setUint32(o + 4, columnWords[c + 1]!, true);
      view.setUint32(o + 8, columnWords[c + 2]!, true);
      view.setUint32(o + 12, columnWords[c + 3]!, true);
      view.setUint32(o + 16, columnWords[c + 4]!, true);
      view.setUint32(o + 20, columnWords[c + 5]!, true);
      o += columnLength[i]!;
      view.setUint32(o, row0, true);
      view.setUint32(o + 4, row1, true);
      view.setUint32(o + 8, row2, true);
      o += rowLength;
      const m = Math.round(heights[k]! * 1000);
      if (m >= 0 && m <= maxThousandths) {
        const z = m * 3;
        view.setUint32(o, zWords[z]!, true);
        view.setUint32(o + 4, zWords[z + 1]!, true);
        view.setUint32(o + 8, zWords[z + 2]!, true);
        o += zLength[m]!;
      } else {
        const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
        o = writeBytes(bytes, writeFixed3(bytes, o, heights[k]!), ELEMENT_END);
      }
    }
    return o;
  }

  /** Full cells (k, k+1, k+nx+1) + (k, k+nx+1, k+nx), then the cells the outline cuts. */
  triangleRow(view: DataView, offset: number, j: number): number {
    const geometry = this.geometry;
    const { nx, cellCase, gridFileIndex } = geometry;
    let o = offset;
    const rowCells = j * (nx - 1);
    for (let i = 0; i < nx - 1; i++) {
      if (cellCase !== null && cellCase[rowCells + i] !== 15) continue;
      const k = j * nx + i;
      let a = k;
      let b = k + 1;
      let c = k + nx + 1;
      let d = k + nx;
      if (gridFileIndex !== null) {
        a = gridFileIndex[a]!;
        b = gridFileIndex[b]!;
        c = gridFileIndex[c]!;
        d = gridFileIndex[d]!;
      }
      o = writeTriangle(view, o, a, b, c);
      o = writeTriangle(view, o, a, c, d);
    }
    if (cellCase !== null) {
      const scratch = this.scratch;
      const count = rowTopTriangles(geometry, j, scratch, this.walk, true);
      for (let t = 0; t < 3 * count; t += 3) {
        o = writeTriangle(
          view,
          o,
          fileIndex(geometry, scratch[t]!),
          fileIndex(geometry, scratch[t + 1]!),
          fileIndex(geometry, scratch[t + 2]!),
        );
      }
    }
    return o;
  }
}

/** Streams the model XML (vertices then triangles) through reused chunks of `out`. */
async function writeModelXml(
  geometry: PanelGeometry,
  out: ChunkedOutput,
  onProgress: (fraction: number) => void,
  project: ThreeMfProject | undefined,
): Promise<void> {
  const head = modelHead(project);
  const modelEnd = modelTail(project);
  const { nx, ny } = geometry;
  const rows = new ModelXmlRows(geometry);
  const totalRows = 2 * ny;
  await out.ensure(head.length);
  out.offset = writeBytes(out.buffer, out.offset, head);
  for (let j = 0; j < ny; j++) {
    await out.ensure(nx * MAX_VERTEX_BYTES + SLACK);
    out.offset = rows.vertexRow(out.view, out.offset, j);
    if (j % 64 === 0) onProgress(j / totalRows);
  }
  // Crossings and back vertices: a few thousand, through the generic lookup, at 6 decimals (see writeFixed6).
  const extra = geometry.crossingX.length + geometry.loop.length;
  const position = new Float64Array(3);
  const gridCount = nx * ny;
  for (let k = 0; k < extra; k++) {
    await out.ensure(MAX_VERTEX_BYTES);
    vertexPosition(geometry, gridCount + k, position);
    let o = writeBytes(out.buffer, out.offset, VERTEX_X);
    o = writeFixed6(out.buffer, o, position[0]!);
    o = writeBytes(out.buffer, o, VERTEX_Y);
    o = writeFixed6(out.buffer, o, position[1]!);
    o = writeBytes(out.buffer, o, VERTEX_Z);
    o = writeFixed6(out.buffer, o, position[2]!);
    out.offset = writeBytes(out.buffer, o, ELEMENT_END);
  }
  await out.ensure(VERTICES_END.length);
  out.offset = writeBytes(out.buffer, out.offset, VERTICES_END);
  const top = geometry.topTriangles;
  if (top) {
    // The adaptive top: its triangles as listed, a batch per reserved chunk.
    const batch = 4096;
    for (let t = 0; t < top.length; t += 3 * batch) {
      const end = Math.min(top.length, t + 3 * batch);
      await out.ensure(((end - t) / 3) * MAX_TRIANGLE_BYTES + SLACK);
      let o = out.offset;
      for (let u = t; u < end; u += 3) {
        o = writeTriangle(
          out.view,
          o,
          fileIndex(geometry, top[u]!),
          fileIndex(geometry, top[u + 1]!),
          fileIndex(geometry, top[u + 2]!),
        );
      }
      out.offset = o;
      onProgress((ny + ((ny - 1) * t) / top.length) / totalRows);
    }
  } else {
    for (let j = 0; j < ny - 1; j++) {
      await out.ensure(geometry.rowTriangleCounts[j]! * MAX_TRIANGLE_BYTES + SLACK);
      out.offset = rows.triangleRow(out.view, out.offset, j);
      if (j % 64 === 0) onProgress((ny + j) / totalRows);
    }
  }
  const tail: number[] = [];
  forEachWallAndBackTriangle(geometry, (a, b, c) => {
    tail.push(fileIndex(geometry, a), fileIndex(geometry, b), fileIndex(geometry, c));
  });
  for (let t = 0; t < tail.length; t += 3) {
    await out.ensure(MAX_TRIANGLE_BYTES + SLACK);
    out.offset = writeTriangle(out.view, out.offset, tail[t]!, tail[t + 1]!, tail[t + 2]!);
  }
  await out.ensure(modelEnd.length);
  out.offset = writeBytes(out.buffer, out.offset, modelEnd);
}

/**
 * Streams a 3MF package (OPC zip: [Content_Types].xml, _rels/.rels, the project's files, 3D/3dmodel.model
 * with one indexed mesh object in millimetres and a build item) into `sink`.
 */
export async function write3mf(
  geometry: PanelGeometry,
  sink: ByteSink,
  options: ThreeMfOptions = {},
): Promise<WriteResult> {
  const pack = new ThreeMfPackage(sink);
  for (const [path, text] of options.project?.files ?? []) pack.addText(path, text);
  const chunkBytes = Math.max(
    options.chunkBytes ?? 2 << 20,
    Math.max(4 * geometry.nx, 4096) * MAX_TRIANGLE_BYTES + 1024,
    geometry.nx * MAX_VERTEX_BYTES,
  );
  const report = options.onProgress ?? (() => {});
  const bytes = await pack.writeModel(options.modelEntry ?? fflateDeflateEntry(1), chunkBytes, (xml) =>
    writeModelXml(geometry, xml, (fraction) => report(0.98 * fraction), options.project),
  );
  report(1);
  return { triangles: geometry.triangleCount, bytes };
}
