// KHIS's proposal for a form apart from the screen (issue 29 item 2): which rows start ticked, what the officer's
// choices make of the form, and which choices would put two rows under one KHIS value.
import type { KhisCandidate, KhisProposal } from '../../../../shared/moh';
import type { KhisValues } from './khis-form';

/** A row's choice: ticked or not, and which of KHIS's values (an index into the candidates; -1 for none). */
export type Pick = { ticked: boolean; choice: number };

const same = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');
const indexOf = (candidates: readonly KhisCandidate[], v: { dataElement: string; categoryOptionCombo: string | null } | null) =>
  v ? candidates.findIndex((c) => c.dataElement === v.dataElement && same(c.categoryOptionCombo, v.categoryOptionCombo)) : -1;

/**
 * Where the review starts: each proposal chosen, and ticked when the row shows nothing yet or the same; a proposal
 * that would replace what the row shows starts unticked, so nothing typed is replaced unless the officer says so.
 */
export function initialPicks(proposal: KhisProposal, current: KhisValues): Pick[] {
  return proposal.rows.map((r, i) => {
    const choice = indexOf(proposal.candidates, r.proposed);
    const now = current.rows[i];
    const blank = !now || now.dataElement.trim() === '';
    const equal = !!now && !!r.proposed && same(now.dataElement.trim(), r.proposed.dataElement) && same(now.categoryOptionCombo.trim() || null, r.proposed.categoryOptionCombo);
    return { ticked: choice >= 0 && (blank || equal), choice };
  });
}

/** The form as it will be saved: the ticked rows as chosen, the others as the form shows them; the dataSet KHIS was read by. */
export function confirmedValues(proposal: KhisProposal, current: KhisValues, picks: readonly Pick[]): KhisValues {
  return {
    form: proposal.form,
    dataSet: proposal.dataSet,
    rows: current.rows.map((row, i) => {
      const pick = picks[i];
      const c = pick?.ticked && pick.choice >= 0 ? proposal.candidates[pick.choice] : undefined;
      return c ? { key: row.key, dataElement: c.dataElement, categoryOptionCombo: c.categoryOptionCombo ?? '' } : row;
    }),
  };
}

/** How many rows the confirmation changes. */
export function changedRows(current: KhisValues, next: KhisValues): number {
  return next.rows.filter((r, i) => !same(r.dataElement.trim(), current.rows[i]?.dataElement.trim() ?? '') || !same(r.categoryOptionCombo.trim(), current.rows[i]?.categoryOptionCombo.trim() ?? '')).length;
}

/** The rows (indexes) that share a KHIS value with another row in what would be saved: KHIS keeps one of them. */
export function clashes(values: KhisValues, defaultCombo: string): Set<number> {
  const byCell = new Map<string, number[]>();
  values.rows.forEach((r, i) => {
    const element = r.dataElement.trim();
    if (!element) return;
    const cell = `${element}/${r.categoryOptionCombo.trim() || defaultCombo}`;
    byCell.set(cell, [...(byCell.get(cell) ?? []), i]);
  });
  return new Set([...byCell.values()].filter((rows) => rows.length > 1).flat());
}
