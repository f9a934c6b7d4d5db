import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { asciiBytes, writeFixed6 } from "./ascii";
import { MemorySink } from "./chunks";
import { computeColourStack, DEFAULT_COLOUR_FILAMENTS, writeColour3mf } from "./colour/index";
import { buildPanelGeometry } from "./geometry";
import { computeHeightmap } from "./heightmap";
import { escapeXml } from "./package3mf";
import { DEFAULT_PRINT_PROFILE, threeMfProject } from "./print-project";
import { write3mf } from "./threemf";

const NAME = "Blanc nacré PLA – 1.75 mm";
const decode = (bytes: Uint8Array | undefined) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

function grey(size: number): Uint8Array {
  return Uint8Array.from({ length: size * size }, (_, k) => (k * 37) % 256);
}

describe("3MF package", () => {
  it("keeps a white panel's filament name, accents and dash included, in the config and the model", async () => {
    const heightmap = computeHeightmap(grey(16), 16, 16, {
      shape: "heart",
      widthMm: 30,
      heightMm: 30,
      resolutionMm: 1,
    });
    const sink = new MemorySink();
    const project = threeMfProject(heightmap.spec, { ...DEFAULT_PRINT_PROFILE, filamentName: NAME });
    await write3mf(buildPanelGeometry(heightmap), sink, { project });
    const files = unzipSync(sink.toBytes());
    expect(decode(files["Metadata/Slic3r_PE.config"])).toContain(`; filament_settings_id = "${NAME}"\n`);
    const model = decode(files["3D/3dmodel.model"]);
    expect(model).toContain(`filament ${NAME}.</metadata>`);
    expect(model).not.toContain("nacri");
  });

  it("keeps colour filaments' names in both configs, markup escaped in the XML one", async () => {
    const filaments = DEFAULT_COLOUR_FILAMENTS.map((f) =>
      f.role === "white" ? { ...f, name: NAME } : f.role === "cyan" ? { ...f, name: "Cyan <&> PLA" } : f,
    );
    const rgba = new Uint8Array(16 * 16 * 4).fill(200);
    const stack = computeColourStack(
      rgba,
      16,
      16,
      { shape: "square", widthMm: 20, heightMm: 20, resolutionMm: 1 },
      filaments,
    );
    const sink = new MemorySink();
    await writeColour3mf(stack, sink);
    const files = unzipSync(sink.toBytes());
    const settings = decode(files["Metadata/Slic3r_PE.config"]);
    expect(settings).toContain(`; filament_settings_id = "${NAME}";"Cyan <&> PLA";`);
    const volumes = decode(files["Metadata/Slic3r_PE_model.config"]);
    expect(volumes).toContain(`value="${NAME} (white)"`);
    expect(volumes).toContain('value="Cyan &#60;&#38;&#62; PLA (cyan)"');
    expect(decode(files["3D/3dmodel.model"])).toContain(`1 ${NAME} (white)`);
  });

  it("escapes markup, drops what XML cannot hold, keeps every other character", () => {
    expect(escapeXml(`a<b>&"c'`)).toBe("a&#60;b&#62;&#38;&#34;c&#39;");
    expect(escapeXml(`${NAME}\u0013\u0000 🙂`)).toBe(`${NAME} 🙂`);
    expect(escapeXml("lone \ud800 surrogate")).toBe("lone  surrogate");
  });

  it("writes off-grid coordinates to 6 decimals and refuses non-ASCII markup", () => {
    const buffer = new Uint8Array(32);
    const text = (value: number) =>
      new TextDecoder().decode(buffer.subarray(0, writeFixed6(buffer, 0, value)));
    expect(text(125.0001234)).toBe("125.000123");
    expect(text(3)).toBe("3");
    expect(text(0.5)).toBe("0.5");
    expect(text(-2.0000004)).toBe("-2");
    expect(text(-0.000001)).toBe("-0.000001");
    expect(() => asciiBytes("é")).toThrow(RangeError);
  });
});
