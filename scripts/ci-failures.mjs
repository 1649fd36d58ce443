// Names what failed in a Vitest or Playwright JSON report, one line each, for the end of CI's output: the last lines
// are often all of a run that is kept, and a count without names cannot be acted on.
// Usage: node scripts/ci-failures.mjs vitest|playwright REPORT LABEL
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [kind, file, label] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));
const lines = [];
if (kind === 'vitest') {
  for (const result of report.testResults) {
    const where = relative(process.cwd(), result.name);
    const failed = result.assertionResults.filter((test) => test.status === 'failed');
    if (result.status === 'failed' && failed.length === 0) lines.push(`${where}: ${firstLine(result.message)}`);
    for (const test of failed) lines.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
} else {
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.error;
        lines.push(`${spec.file} › ${[...path, spec.title].join(' › ')} [${test.projectName}]: ${firstLine(error?.message)}${expectation(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]); // a file's suites are its describe blocks
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}
for (const line of lines) console.log(`${label}: ${line.slice(0, 600)}`);

/** A report's message without its terminal colours. */
function plain(text) {
  // eslint-disable-next-line no-control-regex
  return String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
}

function firstLine(text) {
  // Vitest puts a placeholder first when the error's stack was cut (a timeout): the line after it says what happened.
  const lines = plain(text ?? 'no message').split('\n');
  return lines.find((l) => l.trim() && !l.includes('STACK_TRACE_ERROR')) ?? lines[0] ?? '';
}

/**
 * Where a journey's assertion failed and what it saw: its line in the spec, and the Locator, Expected and Received
 * lines of Playwright's message. The first line alone ("toHaveText failed") does not say which of a journey's
 * assertions it was, and the stop's CI output is all there is of a run on a clone that is gone.
 */
function expectation(error) {
  if (!error) return '';
  const seen = plain(error.message)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^(Locator|Expected|Received|Timeout):/.test(l))
    .map((l) => l.replace(/\s+/g, ' '));
  const at = error.location ? `${relative(process.cwd(), error.location.file)}:${error.location.line}` : '';
  return [at && ` (at ${at})`, seen.length ? ` — ${seen.join('; ')}` : ''].join('');
}
