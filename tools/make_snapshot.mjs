// Build-time Pyodide memory snapshot with calc imported and its data loaded, so the page's worker
// restores a warm interpreter instead of booting one. Locked to the pinned Pyodide in node_modules.
// Usage: node tools/make_snapshot.mjs <calc.zip> <python_stdlib.zip> <out.bin.gz>
//
// Every byte the browser must take in costs start-up time, so the snapshot travels small:
// - memory malloc has freed is zeroed first (zeroFreeMemory);
// - the wasm's initial memory (its data segments) is XOR-ed out of the heap: most of those 3.2 MB are
//   unchanged after start-up and already come with the wasm, so they become zeros;
// - then sparse: only the non-zero runs of 4 KiB pages travel (over half of the 31 MB heap is zeros).
// Layout (little-endian u32s):
//   "X4SPARS2" | full length | heap offset | run count | (offset, length) per run | the runs' bytes.
// The worker (overrides/assets/x4/x4-worker.js) expands it and XORs the wasm's data back in.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
import { xorInitialMemory } from "../overrides/assets/x4/x4-wasm-data.mjs";

const PAGE = 4096;
const MAGIC = Buffer.from("X4SPARS2", "latin1");

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

function sparse(snapshot, heapOffset) {
  const bytes = Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
  const runs = nonZeroRuns(bytes);
  const header = Buffer.alloc(MAGIC.length + 12 + runs.length * 8);
  MAGIC.copy(header);
  header.writeUInt32LE(bytes.length, 8);
  header.writeUInt32LE(heapOffset, 12);
  header.writeUInt32LE(runs.length, 16);
  runs.forEach(([offset, length], i) => {
    header.writeUInt32LE(offset, 20 + i * 8);
    header.writeUInt32LE(length, 24 + i * 8);
  });
  return Buffer.concat([header, ...runs.map(([offset, length]) => bytes.subarray(offset, offset + length))]);
}

// What malloc has freed still holds the objects that were there (over 4 MB after the imports below). Taken from
// malloc in ever smaller pieces, zeroed and given back, it travels as zeros; a footprint limit keeps malloc from
// growing the heap meanwhile, and is lifted again before the snapshot (the restored heap must be free to grow).
function zeroFreeMemory(module) {
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const taken = [];
  for (let size = 1 << 24; size >= 64; size >>= 1) {
    for (let piece = module._malloc(size); piece; piece = module._malloc(size)) {
      module.HEAPU8.fill(0, piece, piece + module._malloc_usable_size(piece));
      taken.push(piece);
    }
  }
  for (const piece of taken) module._free(piece);
  module._malloc_set_footprint_limit(0xffffffff); // dlmalloc's "no limit"
}

const [zipPath, stdlibPath, outPath] = process.argv.slice(2);
// The standard library the site serves (trimmed by tools/hooks.py): the heap holds zipimport's index of it.
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: stdlibPath });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip");
// The snapshot holds the heap, not the files: import every calc module and load the data now.
pyodide.runPython(`
import importlib, pkgutil, calc
for info in pkgutil.walk_packages(calc.__path__, "calc."):
    if "_tooling" not in info.name and not info.name.endswith("__main__"):
        importlib.import_module(info.name)
calc.load_data()
import gc
gc.collect()
`);
zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();
// Pyodide's snapshot is its own header, then the heap.
const heapOffset = snapshot.length - pyodide._module.HEAP8.length;
const wasmPath = createRequire(import.meta.url).resolve("pyodide/pyodide.asm.wasm");
xorInitialMemory(snapshot, heapOffset, new Uint8Array(readFileSync(wasmPath)));
const packed = sparse(snapshot, heapOffset);
writeFileSync(outPath, gzipSync(packed, { level: 9 }));
console.log(`snapshot: ${snapshot.length} bytes raw, ${packed.length} sparse`);
