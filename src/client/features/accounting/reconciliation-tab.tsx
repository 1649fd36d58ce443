// SPEC.md §2.9 Bank Reconciliation: the imported bank and M-Pesa statements ('Pending Review' / 'Reconciled'), and a
// statement's view. Three screens, each in its own file: the list of statements (reconciliation-list.tsx), importing
// one (reconciliation-import-dialog.tsx) and a statement's view with its matching (reconciliation-statement.tsx).
import { useState } from 'react';
import type { BooksParams } from './accounting-logic';
import { StatementList } from './reconciliation-list';
import { StatementView } from './reconciliation-statement';

export function ReconciliationTab({ books }: { books: BooksParams }) {
  const [viewing, setViewing] = useState<number | null>(null);
  if (viewing !== null) return <StatementView id={viewing} onBack={() => setViewing(null)} />;
  return <StatementList books={books} onOpen={setViewing} />;
}
