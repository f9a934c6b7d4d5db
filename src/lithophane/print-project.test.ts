import { describe, expect, it } from "vitest";
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
