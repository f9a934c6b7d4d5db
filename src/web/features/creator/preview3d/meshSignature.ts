/** FNV-1a over the mesh's vertex positions: a short text that changes whenever the relief does. */
export function meshSignature(positions: Float32Array): string {
  const words = new Uint32Array(positions.buffer, positions.byteOffset, positions.length);
  let hash = 0x811c9dc5;
  for (let k = 0; k < words.length; k++) {
    hash ^= words[k]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
