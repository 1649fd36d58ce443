// `node scripts/doc-block.mjs <id>`: prints the body of docs/operations.md's block labelled test=<id>, ci=<id> or
// not-run=<id>, so .ci/run runs the page's own text (`bash -c "$(node scripts/doc-block.mjs packages)"`) rather than
// a copy that could drift from it. Exits 1, naming the id, when there is no such block.
import { docBlock } from './doc-blocks.mjs';

const id = process.argv[2];
if (!id || process.argv.length > 3) {
  console.error('usage: node scripts/doc-block.mjs <id>   (the block labelled test=<id>, ci=<id> or not-run=<id> in docs/operations.md)');
  process.exit(1);
}
try {
  process.stdout.write(docBlock(id));
} catch (error) {
  console.error(`doc-block: ${error.message}`);
  process.exit(1);
}
