// Build-time math: reads [{tex, display}] as JSON on stdin, writes the KaTeX HTML of each as JSON.
// Pages then need only KaTeX's stylesheet and fonts, no script.
import katex from "katex";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const rendered = JSON.parse(input).map(({ tex, display }) =>
  katex.renderToString(tex, { displayMode: display, throwOnError: false, output: "htmlAndMathml", strict: "ignore" }),
);
process.stdout.write(JSON.stringify(rendered));
