/**
 * Mesh checks shared by the tests (and handy when debugging a customer's file): closed 2-manifold with
 * consistent orientation, no degenerate or duplicate geometry, signed volume and bounding box.
 */
export interface MeshReport {
  vertices: number;
  triangles: number;
  /** Undirected edges not shared by exactly two triangles of opposite direction. */
  badEdges: number;
  degenerateTriangles: number;
  duplicateVertices: number;
  unusedVertices: number;
  /** V - E + F; 2 for one closed shell without handles. */
  eulerCharacteristic: number;
  signedVolume: number;
  min: [number, number, number];
  max: [number, number, number];
}

export function checkMesh(positions: Float32Array, indices: Uint32Array): MeshReport {
  const vertexCount = positions.length / 3;
  const triangleCount = indices.length / 3;
  // Directed edge a->b stored under the undirected key with +1 (a<b) or -1 (a>b).
  const edges = new Map<number, { uses: number; direction: number }>();
  const used = new Uint8Array(vertexCount);
  let degenerate = 0;
  let volume = 0;
  for (let t = 0; t < triangleCount; t++) {
    const corners = [indices[3 * t]!, indices[3 * t + 1]!, indices[3 * t + 2]!];
    for (let k = 0; k < 3; k++) {
      const a = corners[k]!;
      const b = corners[(k + 1) % 3]!;
      used[a] = 1;
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      const entry = edges.get(key) ?? { uses: 0, direction: 0 };
      entry.uses++;
      entry.direction += a < b ? 1 : -1;
      edges.set(key, entry);
    }
    const [ax, ay, az] = [
      positions[3 * corners[0]!]!,
      positions[3 * corners[0]! + 1]!,
      positions[3 * corners[0]! + 2]!,
    ];
    const [bx, by, bz] = [
      positions[3 * corners[1]!]!,
      positions[3 * corners[1]! + 1]!,
      positions[3 * corners[1]! + 2]!,
    ];
    const [cx, cy, cz] = [
      positions[3 * corners[2]!]!,
      positions[3 * corners[2]! + 1]!,
      positions[3 * corners[2]! + 2]!,
    ];
    const ux = bx - ax;
    const uy = by - ay;
    const uz = bz - az;
    const vx = cx - ax;
    const vy = cy - ay;
    const vz = cz - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    if (Math.sqrt(nx * nx + ny * ny + nz * nz) < 1e-9) degenerate++;
    volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
  }
  let badEdges = 0;
  for (const { uses, direction } of edges.values()) if (uses !== 2 || direction !== 0) badEdges++;
  const seen = new Set<string>();
  let duplicates = 0;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let unused = 0;
  for (let v = 0; v < vertexCount; v++) {
    if (!used[v]) unused++;
    const key = `${positions[3 * v]},${positions[3 * v + 1]},${positions[3 * v + 2]}`;
    if (seen.has(key)) duplicates++;
    seen.add(key);
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = Math.min(min[axis]!, positions[3 * v + axis]!);
      max[axis] = Math.max(max[axis]!, positions[3 * v + axis]!);
    }
  }
  return {
    vertices: vertexCount,
    triangles: triangleCount,
    badEdges,
    degenerateTriangles: degenerate,
    duplicateVertices: duplicates,
    unusedVertices: unused,
    eulerCharacteristic: vertexCount - edges.size + triangleCount,
    signedVolume: volume,
    min,
    max,
  };
}

/** Parses binary STL and welds identical vertices, giving an indexed mesh for checkMesh. */
export function parseBinaryStl(bytes: Uint8Array): {
  positions: Float32Array;
  indices: Uint32Array;
  normals: Float32Array;
} {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(80, true);
  if (bytes.length !== 84 + 50 * count)
    throw new Error(`STL size ${bytes.length} does not match ${count} facets`);
  const ids = new Map<string, number>();
  const positions: number[] = [];
  const indices = new Uint32Array(3 * count);
  const normals = new Float32Array(3 * count);
  for (let t = 0; t < count; t++) {
    const base = 84 + 50 * t;
    for (let axis = 0; axis < 3; axis++) normals[3 * t + axis] = view.getFloat32(base + 4 * axis, true);
    for (let corner = 0; corner < 3; corner++) {
      const o = base + 12 + 12 * corner;
      const x = view.getFloat32(o, true);
      const y = view.getFloat32(o + 4, true);
      const z = view.getFloat32(o + 8, true);
      const key = `${x},${y},${z}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = positions.length / 3;
        ids.set(key, id);
        positions.push(x, y, z);
      }
      indices[3 * t + corner] = id;
    }
  }
  return { positions: Float32Array.from(positions), indices, normals };
}
