/**
 * The server's domain modules meet through their faces (src/server/<module>/index.ts, issue 49
 * item 3). A face says what its module offers: named exports only, each one imported by some
 * file outside the module (src or tests). This reads every import in the tree with the
 * TypeScript compiler and
 *
 *   node scripts/face-exports.mjs            lists each face's exports and who imports them
 *   node scripts/face-exports.mjs --check    exits 1 on an `export *` in a face, or a face export
 *                                            nobody outside its module imports (npm test)
 *   node scripts/face-exports.mjs --write    rewrites each face's `export * from` lines as the
 *                                            named exports used outside the module
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { sourceFiles } from "./source-files.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverDir = path.join(root, "src", "server");
const mode = process.argv.includes("--check") ? "check" : process.argv.includes("--write") ? "write" : "list";

const modules = readdirSync(serverDir).filter((name) => {
  try {
    return statSync(path.join(serverDir, name, "index.ts")).isFile();
  } catch {
    return false;
  }
});
const faceFile = (module) => path.join(serverDir, module, "index.ts");

/** The module whose face a specifier written in `from` names, or null. */
function faceOf(from, specifier) {
  if (!specifier.startsWith(".")) return null;
  const target = path.resolve(path.dirname(from), specifier).replace(/\.(js|ts)$/, "");
  for (const module of modules) {
    const face = path.join(serverDir, module, "index");
    if (target === face || target === path.join(serverDir, module)) return module;
  }
  return null;
}

/** Whether a file belongs to a module (its own imports of its face do not count). */
const insideModule = (file, module) => file.startsWith(path.join(serverDir, module) + path.sep);

// Who imports what from each face.
const used = new Map(modules.map((m) => [m, new Map()]));
const wholeFace = new Map(modules.map((m) => [m, []]));
const files = [
  ...sourceFiles(path.join(root, "src")),
  ...sourceFiles(path.join(root, "tests")),
  ...sourceFiles(path.join(root, "bench")),
  ...sourceFiles(path.join(root, "scripts")),
];
for (const file of files) {
  const text = readFileSync(file, "utf8");
  if (!text.includes("index")) continue;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const note = (module, name) => {
    if (insideModule(file, module)) return;
    const users = used.get(module);
    if (!users.has(name)) users.set(name, new Set());
    users.get(name).add(path.relative(root, file));
  };
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const module = faceOf(file, node.moduleSpecifier.text);
      if (module) {
        if (ts.isImportDeclaration(node)) {
          const bindings = node.importClause?.namedBindings;
          if (bindings && ts.isNamedImports(bindings)) {
            for (const el of bindings.elements) note(module, (el.propertyName ?? el.name).text);
          } else if (bindings && ts.isNamespaceImport(bindings) && !insideModule(file, module)) {
            wholeFace.get(module).push(path.relative(root, file));
          }
        } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
          for (const el of node.exportClause.elements) note(module, (el.propertyName ?? el.name).text);
        } else if (!insideModule(file, module)) {
          wholeFace.get(module).push(path.relative(root, file));
        }
      }
    }
    // const { a, b } = await import("../orders/index.js")
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const module = faceOf(file, node.arguments[0].text);
      const awaited = ts.isAwaitExpression(node.parent) ? node.parent : node;
      const declaration = awaited.parent;
      if (module && ts.isVariableDeclaration(declaration) && ts.isObjectBindingPattern(declaration.name)) {
        for (const el of declaration.name.elements) {
          const name = el.propertyName ?? el.name;
          if (ts.isIdentifier(name)) note(module, name.text);
        }
      } else if (module && !insideModule(file, module)) {
        wholeFace.get(module).push(path.relative(root, file));
      }
    }
    // typeof import(...).name
    if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      const module = faceOf(file, node.argument.literal.text);
      if (module && node.qualifier)
        note(
          module,
          ts.isIdentifier(node.qualifier)
            ? node.qualifier.text
            : (node.qualifier.left.getText?.(source) ?? ""),
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

// What each face exports, and from which of its files.
const config = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config,
  ts.sys,
  root,
);
const program = ts.createProgram(modules.map(faceFile), config.options);
const checker = program.getTypeChecker();

function exportsOf(module) {
  const source = program.getSourceFile(faceFile(module));
  const symbol = checker.getSymbolAtLocation(source);
  return checker.getExportsOfModule(symbol).map((exported) => {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = target.declarations?.[0];
    const value = (target.flags & ts.SymbolFlags.Value) !== 0;
    return { name: exported.name, file: declaration ? declaration.getSourceFile().fileName : null, value };
  });
}

let problems = 0;
for (const module of modules) {
  const face = faceFile(module);
  const text = readFileSync(face, "utf8");
  const exported = exportsOf(module);
  const users = used.get(module);
  const whole = wholeFace.get(module);
  const unused = exported.filter((e) => !users.has(e.name));
  if (mode === "list") {
    console.log(
      `\n${module}: ${exported.length} exports, ${unused.length} unused outside${whole.length ? `; whole face: ${whole.join(", ")}` : ""}`,
    );
    for (const e of unused)
      console.log(`  unused: ${e.name} (${e.file ? path.relative(root, e.file) : "?"})`);
    continue;
  }
  if (mode === "check") {
    if (/^export \* from/m.test(text)) {
      console.error(
        `${path.relative(root, face)}: 'export *' hides what the module offers; name the exports.`,
      );
      problems++;
    }
    if (whole.length > 0) {
      console.error(
        `${path.relative(root, face)}: imported whole by ${whole.join(", ")}; import the names used.`,
      );
      problems++;
    }
    for (const e of unused) {
      console.error(
        `${path.relative(root, face)}: '${e.name}' is exported but nothing outside ${module}/ imports it.`,
      );
      problems++;
    }
    continue;
  }
  // --write: each `export * from "./x.js"` becomes the names of ./x that are used outside.
  const lines = text.split("\n");
  const out = [];
  for (const line of lines) {
    const star = /^export \* from "(\.[^"]+)";$/.exec(line);
    if (!star) {
      out.push(line);
      continue;
    }
    const base = path.resolve(path.dirname(face), star[1]).replace(/\.js$/, "");
    const from = [`${base}.ts`, `${base}.tsx`].find((candidate) =>
      exported.some((e) => e.file === candidate),
    );
    const names = exported
      .filter((e) => e.file === from && (users.has(e.name) || whole.length > 0))
      .sort((a, b) => a.name.localeCompare(b.name));
    if (names.length === 0) continue;
    const list = names.map((e) => (e.value ? e.name : `type ${e.name}`)).join(", ");
    out.push(`export { ${list} } from "${star[1]}";`);
  }
  writeFileSync(face, out.join("\n"));
  console.log(`${path.relative(root, face)}: ${exported.length} -> ${exported.length - unused.length} names`);
}
if (mode === "check") {
  if (problems > 0) {
    console.error(`\n${problems} face problem(s): node scripts/face-exports.mjs lists them.`);
    process.exit(1);
  }
  console.log(`Faces: ${modules.length} modules, named exports only, each used outside its module.`);
}
