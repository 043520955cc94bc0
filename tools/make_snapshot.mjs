// Build-time Pyodide memory snapshot with calc imported and its data loaded, so the page's worker
// restores a warm interpreter instead of booting one. Locked to the pinned Pyodide in node_modules.
// Usage: node tools/make_snapshot.mjs <calc.zip> <out.bin.gz>
//
// Written sparse: nearly half of the 31 MB heap is zero pages, and every byte the browser must take
// in costs start-up time, so only the non-zero runs of 4 KiB pages travel. Layout (little-endian u32s):
//   "X4SPARSE" | full length | run count | (offset, length) per run | the runs' bytes, in order.
// The worker (overrides/assets/x4/x4-worker.js) expands it into the full snapshot before restoring.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const PAGE = 4096;
const MAGIC = Buffer.from("X4SPARSE", "latin1");

function nonZeroRuns(bytes) {
  const zeroPage = Buffer.alloc(PAGE);
  const runs = [];
  for (let offset = 0; offset < bytes.length; offset += PAGE) {
    const end = Math.min(offset + PAGE, bytes.length);
    if (Buffer.compare(bytes.subarray(offset, end), zeroPage.subarray(0, end - offset)) === 0) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === offset) last[1] += end - offset;
    else runs.push([offset, end - offset]);
  }
  return runs;
}

function sparse(snapshot) {
  const bytes = Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
  const runs = nonZeroRuns(bytes);
  const header = Buffer.alloc(MAGIC.length + 8 + runs.length * 8);
  MAGIC.copy(header);
  header.writeUInt32LE(bytes.length, 8);
  header.writeUInt32LE(runs.length, 12);
  runs.forEach(([offset, length], i) => {
    header.writeUInt32LE(offset, 16 + i * 8);
    header.writeUInt32LE(length, 20 + i * 8);
  });
  return Buffer.concat([header, ...runs.map(([offset, length]) => bytes.subarray(offset, offset + length))]);
}

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
const packed = sparse(snapshot);
writeFileSync(outPath, gzipSync(packed, { level: 9 }));
console.log(`snapshot: ${snapshot.length} bytes raw, ${packed.length} sparse`);
