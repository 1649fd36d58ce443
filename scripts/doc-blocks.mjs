// The fenced code blocks of a Markdown page and their labels (docs/operations.md: "```sh test=roles"): what
// src/server/operations-doc.test.ts runs, and what `node scripts/doc-block.mjs <id>` prints for .ci/run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The page whose every command is run by the test or by .ci/run. */
export const OPERATIONS_DOC = fileURLToPath(new URL('../docs/operations.md', import.meta.url));

/** The kinds of label an info string may carry: who runs the block. */
export const LABEL_KINDS = ['test', 'ci', 'not-run'];

/**
 * Every fenced block (``` or ~~~, indented up to three spaces, as inside a list item), in page order: its first
 * line's number, its info string's language and label (`test=<id>`, `ci=<id>` or `not-run=<id>`; undefined when it
 * has none), and its body with the fence's indentation taken off each line (CommonMark's rule).
 */
export function parseDocBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    // A backtick fence's info string may not hold a backtick: such a line is inline code, not a fence.
    if (fence[0] === '`' && info.includes('`')) continue;
    const body = [];
    let j = i + 1;
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    for (; j < lines.length && !close.test(lines[j]); j++) {
      const line = lines[j];
      let strip = 0;
      while (strip < indent.length && line[strip] === ' ') strip++;
      body.push(line.slice(strip));
    }
    const words = info.trim().split(/\s+/).filter(Boolean);
    const lang = words[0] ?? '';
    const labels = words
      .slice(1)
      .map((word) => /^([a-z-]+)=(.+)$/.exec(word))
      .filter((match) => match && LABEL_KINDS.includes(match[1]))
      .map((match) => ({ kind: match[1], id: match[2] }));
    blocks.push({ line: i + 1, lang, info: info.trim(), label: labels.length === 1 ? labels[0] : undefined, labels, body: body.length ? `${body.join('\n')}\n` : '' });
    i = j;
  }
  return blocks;
}

/** The body of the block labelled `<kind>=<id>` (any kind) in `markdown`; throws naming the id if none or several. */
export function docBlock(id, markdown = readFileSync(OPERATIONS_DOC, 'utf8')) {
  const found = parseDocBlocks(markdown).filter((block) => block.label?.id === id);
  if (found.length === 0) throw new Error(`no block labelled test=${id}, ci=${id} or not-run=${id} in docs/operations.md`);
  if (found.length > 1) throw new Error(`${found.length} blocks labelled ${id} in docs/operations.md (lines ${found.map((b) => b.line).join(', ')})`);
  return found[0].body;
}
