#!/usr/bin/env node
// Installs the tools the lithophane print checks use (admesh, prusa-slicer) through apt when they are
// missing and we are root; otherwise says what to run. Never fails the caller: as root the print-tool
// tests fail when a tool is still missing, elsewhere they skip and say why.
import { spawnSync } from "node:child_process";

const tools = [
  { command: "admesh", aptPackage: "admesh" },
  { command: "prusa-slicer", aptPackage: "prusa-slicer" },
];

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
const missing = tools.filter((tool) => !has(tool.command));
if (missing.length === 0) {
  console.log("install-print-tools: admesh and prusa-slicer are installed.");
  process.exit(0);
}
const packages = missing.map((tool) => tool.aptPackage);
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || !has("apt-get")) {
  console.log(
    `install-print-tools: missing ${packages.join(", ")}; install with: sudo apt-get install -y ${packages.join(" ")} ` +
      "(the print-tool tests are skipped until then).",
  );
  process.exit(0);
}
console.log(`install-print-tools: installing ${packages.join(", ")} with apt-get...`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
const quiet = { stdio: ["ignore", "ignore", "inherit"], env };
const install = () =>
  spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...packages], quiet).status;
if (install() !== 0) {
  // A fresh machine has no package lists yet.
  spawnSync("apt-get", ["update"], quiet);
  if (install() !== 0) {
    console.log(
      `install-print-tools: apt-get could not install ${packages.join(", ")}; the print-tool tests will skip.`,
    );
    process.exit(0);
  }
}
const stillMissing = missing.filter((tool) => !has(tool.command)).map((tool) => tool.command);
console.log(
  stillMissing.length === 0
    ? "install-print-tools: done."
    : `install-print-tools: still missing ${stillMissing.join(", ")}; the print-tool tests will skip.`,
);
