// X4's calculator worker: one self-hosted Pyodide per page, running the same `calc` package as pytest.
// Protocol: every request is {id, type, ...}; every reply echoes id. Errors travel as messages.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const assets = new URL("../", import.meta.url);

function progress(stage) {
  self.postMessage({ type: "progress", stage });
}

async function start() {
  progress("runtime");
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", assets).href });
  progress("calc");
  const response = await fetch(new URL("x4/calc.zip", assets));
  if (!response.ok) throw new Error(`calc.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip");
  const calc = pyodide.pyimport("calc");
  progress("ready");
  return { pyodide, run: calc.run };
}

const ready = start();
ready.catch((error) => self.postMessage({ type: "fatal", message: String(error) }));

self.onmessage = async (event) => {
  const { id, type } = event.data;
  try {
    const { pyodide, run } = await ready;
    if (type !== "run") throw new Error(`unknown request type ${type}`);
    // Inputs cross as data (a dict of strings), never as Python source.
    const inputs = pyodide.toPy(event.data.inputs);
    const output = run(event.data.calculator, inputs, event.data.lang);
    inputs.destroy();
    const result = output.toJs({ dict_converter: Object.fromEntries });
    output.destroy();
    self.postMessage({ id, type: "result", result });
  } catch (error) {
    self.postMessage({ id, type: "error", message: String(error) });
  }
};
