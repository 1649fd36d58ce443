/** A fenced block of a Markdown page (scripts/doc-blocks.mjs). */
export type DocBlock = {
  /** The line of its opening fence (1-based). */
  line: number;
  lang: string;
  info: string;
  /** Its label when it has exactly one: who runs it. */
  label: { kind: 'test' | 'ci' | 'not-run'; id: string } | undefined;
  labels: { kind: 'test' | 'ci' | 'not-run'; id: string }[];
  body: string;
};
export const OPERATIONS_DOC: string;
export const LABEL_KINDS: readonly ['test', 'ci', 'not-run'];
export function parseDocBlocks(markdown: string): DocBlock[];
export function docBlock(id: string, markdown?: string): string;
