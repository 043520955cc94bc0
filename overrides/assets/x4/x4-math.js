// Renders arithmatex's \( \) and \[ \] spans with the site's own KaTeX, loaded only on pages that have math.
(function () {
  const nodes = document.querySelectorAll(".arithmatex");
  if (!nodes.length) return;
  const assets = new URL("../", document.currentScript.src);
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = new URL("katex/katex.min.css", assets).href;
  document.head.append(css);
  const script = document.createElement("script");
  script.src = new URL("katex/katex.min.js", assets).href;
  script.onload = () => {
    for (const node of nodes) {
      const tex = node.textContent.trim();
      const display = tex.startsWith("\\[");
      const body = tex.replace(/^\\[\[(]/, "").replace(/\\[\])]$/, "");
      try {
        window.katex.render(body, node, { displayMode: display, throwOnError: false, output: "htmlAndMathml" });
        if (display) node.tabIndex = 0; // wide formulas scroll: keyboard users must reach them
      } catch (error) {
        node.title = String(error);
      }
    }
  };
  document.head.append(script);
})();
