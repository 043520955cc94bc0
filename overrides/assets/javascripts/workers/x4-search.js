// Material's search worker, as a calculator page starts it (tools/postprocess.py names the theme's worker in the
// query string). Building the search index takes the worker most of a second of CPU, and a phone has few cores:
// on a calculator page it would share them with the runtime's start and the reader's first edits. So the index
// is built once the page says so: when its runtime has warmed up or failed, or as soon as the reader goes to the
// search box (assets/x4/x4-calc.js). It lives beside the theme's worker, whose language files are relative to it.
(() => {
  const FALLBACK_MS = 20000; // were the page never to say so
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  const channel = new BroadcastChannel("x4-search");
  channel.onmessage = (event) => {
    if (event.data === "go") release();
  };
  channel.postMessage("waiting"); // a page that has already let go answers at once
  setTimeout(release, FALLBACK_MS);
  // The theme's worker handles its messages through the global addEventListener: each waits for the release,
  // in the order it came (the setup, then the queries the page sends once the index is ready).
  const listen = self.addEventListener.bind(self);
  self.addEventListener = (type, listener, options) =>
    listen(type, type === "message" ? (event) => released.then(() => listener(event)) : listener, options);
  const theme = new URL(self.location.href).searchParams.get("theme") || "";
  if (!/^search\.[0-9a-f]+\.min\.js$/.test(theme)) throw new Error(`not the theme's search worker: ${theme}`);
  importScripts(theme);
})();
