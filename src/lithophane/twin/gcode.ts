/**
 * Reads what a slicer will make the printer lay down: PrusaSlicer G-code, fed as text in any chunks,
 * turned into extrusion segments (start, end, volume, tool, feature type) on layers (print z and height).
 * Pure and browser-safe. Absolute (M82) and relative (M83) extrusion, G92 resets, retractions and
 * unretractions (E without a move) are followed; only moves that travel and extrude count as plastic.
 */

/** One straight extrusion: a line of plastic from (x0, y0) to (x1, y1) on the current layer. */
export interface Extrusion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Filament pushed, mm of filament (times the filament's cross-section: volume). */
  filamentMm: number;
  /** Layer index in the order the G-code prints them. */
  layer: number;
  /** Tool (T0..T3): the extruder printing it. */
  tool: number;
  /** PrusaSlicer's ;TYPE: (External perimeter, Solid infill, Skirt/Brim, ...). */
  type: string;
}

export interface GcodeLayer {
  /** Top of the layer (PrusaSlicer's ;Z:), mm above the bed. */
  z: number;
  /** Layer height (;HEIGHT:), mm. */
  heightMm: number;
}

/** Feature types that are not the object: the brim, the skirt, the wipe tower, supports. */
export const NOT_THE_OBJECT = new Set([
  "Skirt/Brim",
  "Skirt",
  "Brim",
  "Wipe tower",
  "Support material",
  "Custom",
]);

/**
 * Incremental G-code reader. push() text chunks, then end(); each extrusion of the object reaches
 * `onExtrusion` as it is read (the reader keeps none: a 180 mm panel has millions).
 */
export class GcodeReader {
  readonly layers: GcodeLayer[] = [];
  /** The config block PrusaSlicer appends ("; key = value"), as read so far. */
  readonly config = new Map<string, string>();
  private rest = "";
  private x = 0;
  private y = 0;
  private z = 0;
  private e = 0;
  private relativeE = false;
  private tool = 0;
  private type = "";
  private pendingZ: number | null = null;
  private pendingHeight: number | null = null;

  constructor(private readonly onExtrusion: (extrusion: Extrusion) => void) {}

  push(text: string): void {
    const lines = (this.rest + text).split("\n");
    this.rest = lines.pop() ?? "";
    for (const line of lines) this.line(line);
  }

  end(): void {
    if (this.rest) this.line(this.rest);
    this.rest = "";
  }

  private startLayer(): void {
    if (this.pendingZ === null) return;
    const previous = this.layers.at(-1);
    const heightMm = this.pendingHeight ?? (previous ? this.pendingZ - previous.z : this.pendingZ);
    this.layers.push({ z: this.pendingZ, heightMm });
    this.pendingZ = null;
    this.pendingHeight = null;
  }

  private line(raw: string): void {
    const line = raw.trimEnd();
    if (line.length === 0) return;
    if (line.charCodeAt(0) === 59 /* ; */) {
      if (line.startsWith(";Z:")) {
        this.pendingZ = Number(line.slice(3));
      } else if (line.startsWith(";HEIGHT:")) {
        this.pendingHeight = Number(line.slice(8));
      } else if (line.startsWith(";TYPE:")) {
        this.type = line.slice(6);
      } else if (line.startsWith("; ")) {
        const equals = line.indexOf(" = ");
        if (equals > 2) this.config.set(line.slice(2, equals), line.slice(equals + 3));
      }
      return;
    }
    const code = line.split(";", 1)[0]!.trim();
    if (code.length === 0) return;
    const words = code.split(/\s+/);
    const command = words[0]!;
    if (command === "G1" || command === "G0") {
      let x = this.x;
      let y = this.y;
      let e: number | null = null;
      for (let w = 1; w < words.length; w++) {
        const word = words[w]!;
        const value = Number(word.slice(1));
        switch (word.charCodeAt(0)) {
          case 88: // X
            x = value;
            break;
          case 89: // Y
            y = value;
            break;
          case 90: // Z
            this.z = value;
            break;
          case 69: // E
            e = value;
            break;
        }
      }
      let delta = 0;
      if (e !== null) {
        delta = this.relativeE ? e : e - this.e;
        this.e = this.relativeE ? this.e + e : e;
      }
      const moved = x !== this.x || y !== this.y;
      if (moved && delta > 0 && !NOT_THE_OBJECT.has(this.type)) {
        this.startLayer();
        this.onExtrusion({
          x0: this.x,
          y0: this.y,
          x1: x,
          y1: y,
          filamentMm: delta,
          layer: this.layers.length - 1,
          tool: this.tool,
          type: this.type,
        });
      }
      this.x = x;
      this.y = y;
    } else if (command === "G92") {
      for (let w = 1; w < words.length; w++) {
        const word = words[w]!;
        if (word.charCodeAt(0) === 69) this.e = Number(word.slice(1));
      }
    } else if (command === "M82") {
      this.relativeE = false;
    } else if (command === "M83") {
      this.relativeE = true;
    } else if (/^T\d+$/.test(command)) {
      this.tool = Number(command.slice(1));
    }
  }
}

/**
 * The width of a line from its volume per length and the layer height, inverting PrusaSlicer's flow
 * model: a rectangle with semicircular ends, area = (w - h) h + pi (h / 2)^2.
 */
export function lineWidthMm(volumePerMm: number, layerHeightMm: number): number {
  return volumePerMm / layerHeightMm + layerHeightMm * (1 - Math.PI / 4);
}

/** mm^3 of plastic per mm of filament of `diameterMm`. */
export function filamentArea(diameterMm = 1.75): number {
  return Math.PI * (diameterMm / 2) ** 2;
}
