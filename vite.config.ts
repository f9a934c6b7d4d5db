import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const defaultOutDir = here("./dist/web");

/** Writes .br and .gz beside every text asset so the server can send them precompressed. */
function precompress(): Plugin {
  let outDir = defaultOutDir;
  return {
    name: "lithobox-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  root: here("./src/web"),
  publicDir: here("./src/web/public"),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      "@shared": here("./src/shared"),
      "@web": here("./src/web"),
      "@lithophane": here("./src/lithophane"),
    },
  },
  build: {
    outDir: defaultOutDir,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
