// Build-time math: reads [{tex, display}] as JSON on stdin, writes each as KaTeX's MathML, as JSON.
// Native MathML: the browser typesets it with its own math font, so pages load no math script,
// stylesheet or font, and a formula is a few elements instead of KaTeX's dozens of positioned spans.
import katex from "katex";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const rendered = JSON.parse(input).map(({ tex, display }) =>
  katex.renderToString(tex, { displayMode: display, throwOnError: false, output: "mathml", strict: "ignore" }),
);
process.stdout.write(JSON.stringify(rendered));
