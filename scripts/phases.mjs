// Runs npm scripts as timed phases, one after another, stopping at the first failure:
// `node scripts/phases.mjs typecheck+lint test:api` runs `typecheck` and `lint` at once (their
// output interleaved, each line named), then `test:api`. Prints each phase's duration at the end
// and, when PHASES_LOG names a file, appends `<phase>\t<seconds>\t<exit code>` lines to it, so
// .ci/run can print every phase of the whole run at its end.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import readline from 'node:readline';

/** Runs `npm run <script>`; resolves with its exit code. Lines are prefixed with the script's name when `prefix`. */
function run(script, prefix) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
    });
    if (prefix) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${script}] ${line}\n`));
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => (ms / 1000).toFixed(0);
const results = [];
let failed = 0;
for (const phase of process.argv.slice(2)) {
  const scripts = phase.split('+');
  const started = Date.now();
  const codes = await Promise.all(
    scripts.map(async (script) => {
      const code = await run(script, scripts.length > 1);
      const took = Date.now() - started;
      results.push({ script, took, code });
      if (process.env.PHASES_LOG) appendFileSync(process.env.PHASES_LOG, `${script}\t${seconds(took)}\t${code}\n`);
      return code;
    }),
  );
  failed = codes.find((code) => code !== 0) ?? 0;
  if (failed) break;
}
console.log('\nPhases (seconds; phases joined by + ran at once):');
for (const { script, took, code } of results)
  console.log(`  ${script.padEnd(20)} ${seconds(took).padStart(6)}${code ? `  failed (${code})` : ''}`);
process.exit(failed);
