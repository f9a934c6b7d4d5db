/**
 * Reads a 3MF print project back: the mesh (vertices, triangles), the build item's transform, PrusaSlicer's
 * project config (Metadata/Slic3r_PE.config) and its volumes with their extruders
 * (Metadata/Slic3r_PE_model.config). Streams the zip (fflate) so a 180 mm panel's 400 MB of model XML is
 * never one string. Pure and browser-safe.
 */
import { Unzip, UnzipInflate } from "fflate";
import { MODEL_PATH } from "../package3mf";

export interface ProjectVolume {
  /** First and last triangle (inclusive) of the volume in the object's mesh. */
  firstTriangle: number;
  lastTriangle: number;
  /** 1-based extruder, as PrusaSlicer numbers them. */
  extruder: number;
  name: string;
}

export interface Project3mf {
  positions: Float32Array;
  indices: Uint32Array;
  /** 3 x 4 build transform (identity when the item has none). */
  transform: number[];
  config: Map<string, string>;
  volumes: ProjectVolume[];
}

/** Growable typed array. */
class Growable<T extends Float32Array | Uint32Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (size: number) => T,
  ) {}
  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) {
      const next = this.make(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = a;
    this.data[this.length++] = b;
    this.data[this.length++] = c;
  }
  result(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

function attribute(line: string, name: string, from = 0): number {
  const key = `${name}="`;
  const start = line.indexOf(key, from);
  if (start < 0) return Number.NaN;
  const end = line.indexOf('"', start + key.length);
  return Number(line.slice(start + key.length, end));
}

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];

/** Parses a 3MF package from its bytes, given in chunks. */
export async function read3mf(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Project3mf> {
  const vertices = new Growable(new Float32Array(3 << 16), (n) => new Float32Array(n));
  const triangles = new Growable(new Uint32Array(3 << 16), (n) => new Uint32Array(n));
  let transform = IDENTITY;
  const texts = new Map<string, string>();
  const pending: Promise<void>[] = [];
  let failure: Error | null = null;

  const unzip = new Unzip((file) => {
    const isModel = file.name === MODEL_PATH;
    const wanted = isModel || file.name.startsWith("Metadata/");
    if (!wanted) return;
    const decoder = new TextDecoder();
    let rest = "";
    let text = "";
    pending.push(
      new Promise<void>((resolve) => {
        file.ondata = (error, data, final) => {
          if (error) {
            failure = error;
            resolve();
            return;
          }
          const chunk = decoder.decode(data, { stream: !final });
          if (isModel) {
            const lines = (rest + chunk).split("\n");
            rest = final ? "" : (lines.pop() ?? "");
            for (const line of lines) {
              const vertex = line.indexOf("<vertex ");
              if (vertex >= 0) {
                vertices.push3(
                  attribute(line, "x", vertex),
                  attribute(line, "y", vertex),
                  attribute(line, "z", vertex),
                );
                continue;
              }
              const triangle = line.indexOf("<triangle ");
              if (triangle >= 0) {
                triangles.push3(
                  attribute(line, "v1", triangle),
                  attribute(line, "v2", triangle),
                  attribute(line, "v3", triangle),
                );
                continue;
              }
              const item = line.indexOf("<item ");
              if (item >= 0) {
                const match = line.slice(item).match(/transform="([^"]+)"/);
                if (match) transform = match[1]!.trim().split(/\s+/).map(Number);
              }
            }
          } else {
            text += chunk;
          }
          if (final) {
            if (!isModel) texts.set(file.name, text);
            resolve();
          }
        };
        file.start();
      }),
    );
  });
  unzip.register(UnzipInflate);
  for await (const chunk of chunks) unzip.push(chunk, false);
  unzip.push(new Uint8Array(0), true);
  await Promise.all(pending);
  if (failure) throw failure;
  if (vertices.length === 0 || triangles.length === 0) throw new Error("The 3MF holds no mesh.");

  const config = new Map<string, string>();
  for (const line of (texts.get("Metadata/Slic3r_PE.config") ?? "").split("\n")) {
    const match = line.match(/^; ([\w-]+) = (.*)$/);
    if (match) config.set(match[1]!, match[2]!);
  }
  const volumes: ProjectVolume[] = [];
  const model = texts.get("Metadata/Slic3r_PE_model.config") ?? "";
  for (const block of model.split("<volume ").slice(1)) {
    const first = attribute(block, "firstid");
    const last = attribute(block, "lastid");
    const extruder = Number(block.match(/key="extruder" value="(\d+)"/)?.[1] ?? 1);
    const name = block.match(/key="name" value="([^"]*)"/)?.[1] ?? "";
    volumes.push({ firstTriangle: first, lastTriangle: last, extruder, name });
  }
  const triangleCount = triangles.length / 3;
  if (volumes.length === 0)
    volumes.push({ firstTriangle: 0, lastTriangle: triangleCount - 1, extruder: 1, name: "" });
  return { positions: vertices.result(), indices: triangles.result(), transform, config, volumes };
}

/** The build transform applied to a model point (3MF: [x y z 1] * M). */
export function applyTransform(
  m: readonly number[],
  x: number,
  y: number,
  z: number,
): [number, number, number] {
  return [
    x * m[0]! + y * m[3]! + z * m[6]! + m[9]!,
    x * m[1]! + y * m[4]! + z * m[7]! + m[10]!,
    x * m[2]! + y * m[5]! + z * m[8]! + m[11]!,
  ];
}
