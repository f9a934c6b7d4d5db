/**
 * The lamp's 3MF: one indexed mesh object in the shared package (package3mf.ts: the OPC zip, model
 * head and tail, streamed chunks), with the project's settings files and build transform. Browser-safe.
 */
import { asciiBytes, writeBytes, writeFixed3, writeUint } from "../ascii";
import type { ByteSink } from "../chunks";
import type { IndexedMesh } from "../geometry";
import {
  fflateDeflateEntry,
  modelHeadXml,
  modelTailXml,
  ThreeMfPackage,
  utf8,
  VERTICES_TO_TRIANGLES_XML,
  writeChunk,
  type ZipEntryFactory,
} from "../package3mf";
import type { WriteResult } from "../stl";
import type { ThreeMfProject } from "../threemf";

const VERTEX_X = asciiBytes('<vertex x="');
const VERTEX_Y = asciiBytes('" y="');
const VERTEX_Z = asciiBytes('" z="');
const TRIANGLE_1 = asciiBytes('<triangle v1="');
const TRIANGLE_2 = asciiBytes('" v2="');
const TRIANGLE_3 = asciiBytes('" v3="');
const END = asciiBytes('"/>\n');
/** Items formatted between buffer checks, and the most bytes one item takes. */
const BATCH = 4096;
const MAX_ITEM_BYTES = 96;

export interface LampThreeMfOptions {
  project: ThreeMfProject;
  modelEntry?: ZipEntryFactory;
  onProgress?: (fraction: number) => void;
}

/**
 * Streams the lamp project into `sink`. Coordinates at 3 decimals (1 micrometre): no triangle of the
 * lamp is made of three nearly collinear ring points, so rounding cannot flatten one (admesh checks).
 */
export async function writeLamp3mf(
  mesh: IndexedMesh,
  sink: ByteSink,
  options: LampThreeMfOptions,
): Promise<WriteResult> {
  const { project } = options;
  const report = options.onProgress ?? (() => {});
  const pack = new ThreeMfPackage(sink);
  for (const [path, text] of project.files) pack.addText(path, text);
  const title = project.metadata.find(([name]) => name === "Title")?.[1] ?? "Lithophane lamp";
  const head = modelHeadXml({ metadata: project.metadata, objectName: title });
  const { positions, indices } = mesh;
  const vertexCount = positions.length / 3;
  const triangleCount = indices.length / 3;
  const bytes = await pack.writeModel(options.modelEntry ?? fflateDeflateEntry(1), 4 << 20, async (out) => {
    await writeChunk(out, utf8(head));
    for (let first = 0; first < vertexCount; first += BATCH) {
      const last = Math.min(vertexCount, first + BATCH);
      await out.ensure((last - first) * MAX_ITEM_BYTES);
      const buffer = out.buffer;
      let o = out.offset;
      for (let v = 3 * first; v < 3 * last; v += 3) {
        o = writeBytes(buffer, o, VERTEX_X);
        o = writeFixed3(buffer, o, positions[v]!);
        o = writeBytes(buffer, o, VERTEX_Y);
        o = writeFixed3(buffer, o, positions[v + 1]!);
        o = writeBytes(buffer, o, VERTEX_Z);
        o = writeFixed3(buffer, o, positions[v + 2]!);
        o = writeBytes(buffer, o, END);
      }
      out.offset = o;
      report((0.4 * last) / vertexCount);
    }
    await writeChunk(out, asciiBytes(VERTICES_TO_TRIANGLES_XML));
    for (let first = 0; first < triangleCount; first += BATCH) {
      const last = Math.min(triangleCount, first + BATCH);
      await out.ensure((last - first) * MAX_ITEM_BYTES);
      const buffer = out.buffer;
      let o = out.offset;
      for (let t = 3 * first; t < 3 * last; t += 3) {
        o = writeBytes(buffer, o, TRIANGLE_1);
        o = writeUint(buffer, o, indices[t]!);
        o = writeBytes(buffer, o, TRIANGLE_2);
        o = writeUint(buffer, o, indices[t + 1]!);
        o = writeBytes(buffer, o, TRIANGLE_3);
        o = writeUint(buffer, o, indices[t + 2]!);
        o = writeBytes(buffer, o, END);
      }
      out.offset = o;
      report(0.4 + (0.58 * last) / triangleCount);
    }
    await writeChunk(out, asciiBytes(modelTailXml(project.transform)));
  });
  report(1);
  return { triangles: triangleCount, bytes };
}
