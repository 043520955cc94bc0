// Build-time Pyodide memory snapshot with calc imported and its data loaded, so the page's worker
// restores a warm interpreter instead of booting one. Locked to the pinned Pyodide in node_modules.
// Usage: node tools/make_snapshot.mjs <calc.zip> <out.bin.gz>
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const [zipPath, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip");
// The snapshot holds the heap, not the files: import every calc module and load the data now.
pyodide.runPython(`
import importlib, pkgutil, calc
for info in pkgutil.walk_packages(calc.__path__, "calc."):
    if "_tooling" not in info.name and not info.name.endswith("__main__"):
        importlib.import_module(info.name)
calc.load_data()
`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(outPath, gzipSync(snapshot, { level: 9 }));
console.log(`snapshot: ${snapshot.length} bytes raw`);
