// X4's calculator worker: one self-hosted Pyodide per page, running the same `calc` package as pytest.
// Protocol: every request is {id, type, ...}; every reply echoes id. Errors travel as messages.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { xorInitialMemory } from "./x4-wasm-data.mjs";

const assets = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", assets).href;

function progress(stage, detail = {}) {
  self.postMessage({ type: "progress", stage, ...detail });
}

async function fetchBytes(path) {
  const response = await fetch(new URL(path, assets));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const timings = {}; // ms since the worker started, per phase (reported with "ready" for the benchmark)
const mark = (name) => { timings[name] = Math.round(performance.now()); };

async function gunzip(bytes) {
  // A host may already have decoded it (Content-Encoding: gzip): only inflate real gzip data.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The build writes the snapshot sparse, with the wasm's initial memory XOR-ed out
// (tools/make_snapshot.mjs): its non-zero runs, each at its offset.
const SPARSE_MAGIC = "X4SPARS2";

function expandSparse(bytes) {
  if (new TextDecoder("latin1").decode(bytes.subarray(0, 8)) !== SPARSE_MAGIC) throw new Error("not a sparse snapshot");
  const header = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const full = new Uint8Array(header.getUint32(8, true)); // zero-filled
  const heapOffset = header.getUint32(12, true);
  const runs = header.getUint32(16, true);
  let source = 20 + runs * 8;
  for (let i = 0; i < runs; i++) {
    const offset = header.getUint32(20 + i * 8, true);
    const length = header.getUint32(24 + i * 8, true);
    full.set(bytes.subarray(source, source + length), offset);
    source += length;
  }
  if (source !== bytes.length) throw new Error("truncated sparse snapshot");
  return [full, heapOffset];
}

// The XOR needs the wasm's bytes, which Pyodide downloads anyway: the worker fetches the wasm itself and
// hands Pyodide that same response (once), keeping a copy of the body. Were Pyodide to ask by another
// address, it would fetch its own; nothing waits on a request that is never made.
const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
const networkFetch = self.fetch.bind(self);

function fetchWasmOnce() {
  const response = networkFetch(wasmURL);
  const copy = response.then((r) => r.clone().arrayBuffer()); // cloned before Pyodide reads the body
  self.fetch = (input, init) => {
    if (String(input) !== wasmURL) return networkFetch(input, init);
    self.fetch = networkFetch;
    return response;
  };
  return copy.then((buffer) => new Uint8Array(buffer));
}

// Pyodide copies a snapshot's heap into the memory the wasm was instantiated with (its declared minimum,
// 30 MiB) and cannot grow it there, since the wasm defines its own memory; a heap that grew past that while
// the snapshot was made would not fit. So while Pyodide starts, an instance that exports a memory smaller than
// the heap has it grown first. Other instantiations (Pyodide's feature probes) pass through untouched.
function growMemoryOnInstantiation(heapBytes) {
  const original = { instantiate: WebAssembly.instantiate, instantiateStreaming: WebAssembly.instantiateStreaming };
  for (const name of Object.keys(original)) {
    WebAssembly[name] = async (...args) => {
      const result = await original[name].apply(WebAssembly, args);
      const instance = result instanceof WebAssembly.Instance ? result : result.instance;
      const memory = instance?.exports?.memory;
      if (memory instanceof WebAssembly.Memory) {
        const heap = await heapBytes;
        const missing = heap - memory.buffer.byteLength;
        if (missing > 0) memory.grow(Math.ceil(missing / 65536));
      }
      return result;
    };
  }
  return () => Object.assign(WebAssembly, original);
}

// Fast path: restore the build-time memory snapshot, where calc is already imported with its data.
// The snapshot is handed over as a promise, so Pyodide fetches and compiles its wasm meanwhile.
async function startFromSnapshot() {
  const wasm = fetchWasmOnce();
  const packed = fetchBytes("x4/pyodide-snapshot.bin.gz")
    .then((bytes) => { mark("snapshot_fetched"); return gunzip(bytes); })
    .then((bytes) => { mark("snapshot_inflated"); return expandSparse(bytes); });
  const restoreInstantiation = growMemoryOnInstantiation(packed.then(([bytes, heapOffset]) => bytes.length - heapOffset));
  const snapshot = Promise.all([packed, wasm]).then(([[bytes, heapOffset], wasmBytes]) => {
    xorInitialMemory(bytes, heapOffset, wasmBytes);
    mark("snapshot_expanded");
    return bytes;
  });
  try {
    return await loadPyodide({ indexURL, _loadSnapshot: snapshot });
  } finally {
    self.fetch = networkFetch;
    restoreInstantiation();
  }
}

// Fallback: boot Pyodide and unpack calc (with its JSON data bundle) from the archive.
async function startPlain() {
  const pyodide = await loadPyodide({ indexURL });
  progress("calc");
  pyodide.unpackArchive(await fetchBytes("x4/calc.zip"), "zip");
  return pyodide;
}

async function start() {
  progress("runtime");
  let pyodide;
  let mode = "snapshot";
  let fallback = "";
  try {
    pyodide = await startFromSnapshot();
    pyodide.pyimport("calc");
  } catch (error) {
    mode = "plain";
    fallback = String(error).slice(0, 300); // why the snapshot was not used, for whoever checks the page
    pyodide = await startPlain();
  }
  mark("runtime_restored");
  const calc = pyodide.pyimport("calc");
  // One throwaway calculation, so the reader's first edit does not pay for the first call's warm-up.
  calc.run("roofline", pyodide.toPy({}), "en").destroy();
  mark("warmed_up");
  progress("ready", { mode, fallback, timings });
  return { pyodide, calc };
}

// The scratchpad: the reader's own code, run in a fresh namespace; stdout and stderr are captured.
function runScratch(pyodide, code) {
  const lines = [];
  pyodide.setStdout({ batched: (text) => lines.push(text) });
  pyodide.setStderr({ batched: (text) => lines.push(text) });
  const namespace = pyodide.globals.get("dict")();
  let ok = true;
  try {
    pyodide.runPython(code, { globals: namespace });
  } catch (error) {
    ok = false;
    lines.push(String(error.message || error));
  } finally {
    namespace.destroy();
    pyodide.setStdout();
    pyodide.setStderr();
  }
  return { ok, text: lines.join("\n") };
}

// Warm-up, the page's lowest priority: once its forms are bound, the page names its calculators, and the worker
// runs calc's warm-up cases (the page's calculators first, then the others) one per task, only after no request
// has come for WARM_IDLE_MS. The first edits then find the runtime's hot code optimized and the presets'
// answers kept, and no edit waits for more than one case.
const WARM_IDLE_MS = 250;
let lastRequestAt = 0;

function warmUp(id, pyodide, calc, names, lang) {
  const cases = calc.warm_up_cases(pyodide.toPy(names));
  let next = 0;
  const step = () => {
    const idleFor = performance.now() - lastRequestAt;
    if (idleFor < WARM_IDLE_MS) {
      setTimeout(step, WARM_IDLE_MS - idleFor);
      return;
    }
    if (next === cases.length) {
      self.postMessage({ id, type: "warmed", cases: cases.length });
      cases.destroy();
      return;
    }
    const item = cases.get(next++);
    const inputs = item.get(1);
    calc.run(item.get(0), inputs, lang).destroy();
    inputs.destroy();
    item.destroy();
    setTimeout(step);
  };
  setTimeout(step);
}

const ready = start();
ready.catch((error) => self.postMessage({ type: "fatal", message: String(error) }));

self.onmessage = async (event) => {
  const { id, type } = event.data;
  if (type !== "warm") lastRequestAt = performance.now();
  try {
    const { pyodide, calc } = await ready;
    if (type === "warm") {
      warmUp(id, pyodide, calc, event.data.calculators, event.data.lang);
      return;
    }
    if (type === "exec") {
      self.postMessage({ id, type: "output", ...runScratch(pyodide, event.data.code) });
      return;
    }
    if (type === "drill") {
      // The drill page: a round, or the score of one answer. Seeds, settings and answers cross as data.
      const d = event.data;
      const output = d.action === "score"
        ? calc.drill_score(d.seed, d.count, d.fluency, d.index, d.text, d.lang, d.kinds)
        : calc.drill_round(d.seed, d.count, d.fluency, d.lang, d.kinds);
      const result = output.toJs({ dict_converter: Object.fromEntries });
      output.destroy();
      self.postMessage({ id, type: "result", result });
      return;
    }
    if (type !== "run") throw new Error(`unknown request type ${type}`);
    // Inputs cross as data (a dict of strings), never as Python source.
    const inputs = pyodide.toPy(event.data.inputs);
    const output = calc.run(event.data.calculator, inputs, event.data.lang);
    inputs.destroy();
    const result = output.toJs({ dict_converter: Object.fromEntries });
    output.destroy();
    self.postMessage({ id, type: "result", result });
  } catch (error) {
    self.postMessage({ id, type: "error", message: String(error) });
  }
};
