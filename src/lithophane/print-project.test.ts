import { describe, expect, it } from "vitest";
import { shapeOutline } from "./outline";
import { resolvePanelSpec } from "./params";
import {
  buildItemTransform,
  DEFAULT_PRINT_PROFILE,
  slicerConfigText,
  threeMfProject,
  transformPoint,
} from "./print-project";

const spec = resolvePanelSpec({ shape: "rectangle", widthMm: 120, heightMm: 90 });

describe("print project", () => {
  it("stands the panel upright: height up, flat face to the front, image un-mirrored, a proper rotation", () => {
    const m = buildItemTransform(spec, "upright");
    const corners = [0, 120].flatMap((x) =>
      [0, 90].flatMap((y) => [0, 3].map((z) => transformPoint(m, x, y, z))),
    );
    const zs = corners.map((c) => c[2]);
    expect(Math.min(...zs)).toBe(0);
    expect(Math.max(...zs)).toBe(90);
    // The flat face (model z = 0) is the front (smallest bed y).
    expect(transformPoint(m, 10, 10, 0)[1]).toBeLessThan(transformPoint(m, 10, 10, 3)[1]);
    // Flat front: model x is mirrored, so bed x runs the other way and the image reads from the front.
    expect(transformPoint(m, 0, 0, 0)[0]).toBeGreaterThan(transformPoint(m, 120, 0, 0)[0]);
    const det =
      m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
      m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
      m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
    expect(det).toBe(1);
  });

  it("stands a regular hexagon on its lowest flat, its height the distance across flats", () => {
    const hexagon = resolvePanelSpec({ shape: "hexagon", widthMm: 180, heightMm: 180 });
    const m = buildItemTransform(hexagon, "upright");
    const outline = shapeOutline("hexagon", 180, 180)!;
    const zs = Array.from(outline.ys, (y, k) => transformPoint(m, outline.xs[k]!, y, 0)[2]);
    expect(Math.min(...zs)).toBeCloseTo(0, 9);
    expect(Math.max(...zs)).toBeCloseTo(155.885, 3);
    const xs = Array.from(outline.xs, (x, k) => transformPoint(m, x, outline.ys[k]!, 0)[0]);
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(125, 9);
  });

  it("lays the panel flat when asked", () => {
    const m = buildItemTransform(spec, "flat");
    expect(transformPoint(m, 0, 0, 3)[2]).toBe(3);
  });

  it("writes PrusaSlicer's project config with the lithophane settings", () => {
    const text = slicerConfigText({ ...DEFAULT_PRINT_PROFILE, filamentName: 'Odd "name"' });
    expect(text).toContain("; layer_height = 0.1\n");
    expect(text).toContain("; fill_density = 100%\n");
    expect(text).toContain("; seam_position = rear\n");
    expect(text).toContain('; filament_settings_id = "Odd name"\n');
    expect(threeMfProject(spec, DEFAULT_PRINT_PROFILE).files[0]![0]).toBe("Metadata/Slic3r_PE.config");
  });
});
