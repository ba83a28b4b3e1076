// Fails (exit 1, listing file:line) when a tracked file cites a document that is not in the
// repository: the old design notes, issues or a spec outside it. Comments and docs cite
// docs/architecture.md and docs/behaviour.md (a section as `behaviour.md §N`).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const OUTSIDE = [
  [/\bissues? \d|\bissue: [a-z]/i, 'an issue'],
  [/\bhabit \d/i, 'a habit of style.md'],
  [/\bstyle\.md\b|\bstorefront-spec\b|\btoolchain-notes\b/, 'a document outside the repository'],
  [/(?<![\w/])architecture\.md/, 'architecture.md outside docs/ (write docs/architecture.md)'],
  [/\bspec §|\bthe spec\b|\bspec's\b/i, 'the spec'],
  [/\bplan "|\bplan: issue/, 'a plan'],
];
const SECTION = /§\d/;

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && /\.(ts|tsx|mjs|js|md|css|sh)$|^\.ci\/run$|^\.env\.example$/.test(f))
  .filter((f) => !/^docs\/|^data-sources\/|\/migrations\/|node_modules/.test(f));

const found = [];
for (const file of files) {
  if (!fs.existsSync(file)) continue;
  if (file === 'scripts/check-doc-refs.mjs') continue;
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      for (const [re, what] of OUTSIDE) if (re.test(line)) found.push(`${file}:${i + 1}: cites ${what}`);
      if (SECTION.test(line) && !/behaviour\.md/.test(line))
        found.push(`${file}:${i + 1}: cites a section (§N) without naming docs/behaviour.md`);
    });
}
if (found.length > 0) {
  console.error(`References to documents outside the repository (cite docs/ instead):\n${found.join('\n')}`);
  process.exit(1);
}
console.log(`Document references: ${files.length} files checked, all point into the repository.`);
