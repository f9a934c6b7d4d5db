import { randomBytes } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync, gzipSync } from "node:zlib";
import * as tar from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import { BackupError, extractArchive, isSafeEntryName } from "./archive.js";

const temps: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

type Entry = Partial<tar.Header> & { name: string; body?: Buffer };

/** A .tar.gz holding exactly these entries, written with tar-stream as a foreign tool would. */
async function archiveOf(entries: Entry[]): Promise<string> {
  const file = path.join(tempDir("lithobox-tar-"), "archive.tar.gz");
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(file));
  for (const { body, ...header } of entries) {
    await new Promise<void>((resolve, reject) =>
      pack.entry(header, body ?? Buffer.alloc(0), (error) => (error ? reject(error) : resolve())),
    );
  }
  pack.finalize();
  await writing;
  return file;
}

describe("extractArchive", () => {
  it("unpacks regular files (long and non-ASCII names too) with mode 600", async () => {
    const longName = `files/lightbox-images/${"a".repeat(120)}.png`;
    const file = await archiveOf([
      { name: "lithobox-backup.json", body: Buffer.from("{}\n"), mode: 0o644 },
      { name: "files", type: "directory" },
      { name: longName, body: Buffer.from([1, 2, 3]) },
      { name: "files/café – photo.jpg", body: Buffer.from("é") },
    ]);
    const dir = tempDir("lithobox-out-");
    await extractArchive(file, dir);
    expect(readFileSync(path.join(dir, "lithobox-backup.json"), "utf8")).toBe("{}\n");
    expect([...readFileSync(path.join(dir, longName))]).toEqual([1, 2, 3]);
    expect(readFileSync(path.join(dir, "files/café – photo.jpg"), "utf8")).toBe("é");
    expect(statSync(path.join(dir, "lithobox-backup.json")).mode & 0o777).toBe(0o600);
  });

  it.each([
    "../escape.txt",
    "files/../../escape.txt",
    "/tmp/escape.txt",
    "files\\..\\escape.txt",
    "files//double",
  ])("refuses the whole archive for the entry name %j and writes nothing outside", async (name) => {
    const outside = tempDir("lithobox-outside-");
    const dir = path.join(outside, "inside", "work");
    const file = await archiveOf([
      { name: "ok.txt", body: Buffer.from("ok") },
      { name, body: Buffer.from("pwned") },
    ]);
    mkdirSync(dir, { recursive: true });
    await expect(extractArchive(file, dir)).rejects.toThrow(/Unsafe name in the archive/);
    expect(existsSync(path.join(outside, "escape.txt"))).toBe(false);
    expect(existsSync(path.join(outside, "inside", "escape.txt"))).toBe(false);
  });

  it("skips links, so a later entry cannot follow one out", async () => {
    const outside = tempDir("lithobox-outside-");
    const dir = tempDir("lithobox-out-");
    const file = await archiveOf([
      { name: "files/link", type: "symlink", linkname: outside },
      { name: "files/link/escape.txt", body: Buffer.from("pwned") },
    ]);
    await extractArchive(file, dir);
    expect(existsSync(path.join(outside, "escape.txt"))).toBe(false);
    // The entry landed inside dir, under a real folder named "link".
    expect(statSync(path.join(dir, "files/link")).isDirectory()).toBe(true);
  });

  it("says when the archive is cut short, not gzip, or not tar", async () => {
    const good = await archiveOf([{ name: "big.bin", body: randomBytes(64 * 1024) }]);
    const dir = tempDir("lithobox-out-");

    // Cut inside the entry, then gzipped again so that gzip itself is whole.
    const inner = gunzipSync(readFileSync(good));
    const cut = path.join(tempDir("lithobox-cut-"), "cut.tar.gz");
    writeFileSync(cut, gzipSync(inner.subarray(0, 4096)));
    await expect(extractArchive(cut, dir)).rejects.toThrow(/cut short/);

    const halfGzip = path.join(tempDir("lithobox-cut-"), "half.tar.gz");
    const whole = readFileSync(good);
    writeFileSync(halfGzip, whole.subarray(0, whole.length / 2));
    await expect(extractArchive(halfGzip, dir)).rejects.toThrow(/not a gzip-compressed|damaged/);

    const notTar = path.join(tempDir("lithobox-cut-"), "text.tar.gz");
    writeFileSync(notTar, gzipSync(Buffer.from("x".repeat(2048))));
    await expect(extractArchive(notTar, dir)).rejects.toBeInstanceOf(BackupError);
  });
});

describe("isSafeEntryName", () => {
  it("accepts relative names and refuses traversal, absolute and odd names", () => {
    expect(isSafeEntryName("files/lightbox-images/a.png")).toBe(true);
    for (const bad of ["", "/etc/passwd", "../x", "a/../../x", "a\\b", "a//b", "a/\0b", "a/"]) {
      expect(isSafeEntryName(bad), bad).toBe(false);
    }
  });
});
