import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PRIVATE_UMASK, secureDataDir, setPrivateUmask } from "./data-dir";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("secureDataDir", () => {
  it("creates a missing DATA_DIR with mode 0700", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "lithobox-dd-"));
    made.push(parent);
    const dataDir = path.join(parent, "data");
    const result = await secureDataDir(dataDir);
    expect(result).toEqual({ created: true, changed: [] });
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it("removes group and world access below DATA_DIR, names what changed, leaves links alone", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-dd-"));
    made.push(dataDir);
    const outside = mkdtempSync(path.join(tmpdir(), "lithobox-dd-outside-"));
    made.push(outside);
    chmodSync(outside, 0o755);
    mkdirSync(path.join(dataDir, "pgdata", "base"), { recursive: true });
    writeFileSync(path.join(dataDir, "pgdata", "PG_VERSION"), "17");
    writeFileSync(path.join(dataDir, "auth-secret"), "s");
    chmodSync(path.join(dataDir, "pgdata", "PG_VERSION"), 0o666);
    chmodSync(path.join(dataDir, "auth-secret"), 0o600);
    chmodSync(path.join(dataDir, "pgdata", "base"), 0o755);
    chmodSync(path.join(dataDir, "pgdata"), 0o777);
    chmodSync(dataDir, 0o755);
    symlinkSync(outside, path.join(dataDir, "link"));

    const result = await secureDataDir(dataDir);
    expect(result.created).toBe(false);
    expect(result.changed).toEqual([
      { path: ".", from: "0755", to: "0700" },
      { path: "pgdata", from: "0777", to: "0700" },
      { path: "pgdata/PG_VERSION", from: "0666", to: "0600" },
      { path: "pgdata/base", from: "0755", to: "0700" },
    ]);
    expect(modeOf(path.join(dataDir, "pgdata", "PG_VERSION"))).toBe(0o600);
    // Not followed: what a link points at is not the shop's to change.
    expect(modeOf(outside)).toBe(0o755);
    // A second start finds nothing to fix.
    expect((await secureDataDir(dataDir)).changed).toEqual([]);
  });
});

describe("setPrivateUmask", () => {
  it("makes new files and folders private", () => {
    const previous = setPrivateUmask();
    try {
      const dir = mkdtempSync(path.join(tmpdir(), "lithobox-dd-"));
      made.push(dir);
      writeFileSync(path.join(dir, "mail.eml"), "x");
      mkdirSync(path.join(dir, "uploads"));
      expect(modeOf(path.join(dir, "mail.eml"))).toBe(0o600);
      expect(modeOf(path.join(dir, "uploads"))).toBe(0o700);
      expect(process.umask()).toBe(PRIVATE_UMASK);
    } finally {
      process.umask(previous);
    }
  });
});
