// Compare with IPPD (PAYROLL.md "The county context"): the payroll officer pastes the county's official register for
// the month; the dialog says how many agree to the cent and lists who is only in the register, only on the run, and
// whose net differs — and, for a file it cannot read, the line it cannot read, comparing nothing.
import './payroll.strings';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IppdComparison } from '../../../shared/payroll';
import { ok, renderScreen } from '../../test/render-screen';
import { IppdDialog } from './ippd-dialog';

const URL = 'POST /api/payroll/runs/7/ippd';
const base: IppdComparison = {
  runId: 7,
  period: '2026-02',
  figures: ['gross', 'net'],
  registerLines: 3,
  runLines: 3,
  matched: 1,
  totals: { register: { gross: 150_000, net: 119_000.5 }, run: { gross: 150_000, net: 119_000 } },
  differences: [
    { kind: 'differs', personalNumber: 'CG/2019/004', registerNumber: 'CG/2019/104', name: 'Mary Atieno', line: 3, figures: [{ figure: 'net', register: 40_000.5, run: 40_000 }] },
    { kind: 'only_ippd', personalNumber: 'CG/9999/001', registerNumber: null, name: 'Someone Else', line: 4, figures: [{ figure: 'net', register: 28_000, run: null }] },
    { kind: 'only_run', personalNumber: 'CG/2021/010', registerNumber: null, name: 'Paul Ouma', line: null, figures: [{ figure: 'net', register: null, run: 27_000 }] },
  ],
  issues: [],
};

async function compare(answer: IppdComparison) {
  const parts = renderScreen(<IppdDialog runId={7} title="February 2026 · Busia County" onClose={() => {}} />, { as: 'payroll_officer', routes: { [URL]: ok(answer) } });
  await parts.user.click(await screen.findByLabelText(/paste/i));
  await parts.user.paste('personal_number,gross,net\nCG/2019/004,50000,41000');
  await parts.user.click(screen.getByRole('button', { name: 'Compare' }));
  return parts;
}

describe('Compare with IPPD', () => {
  it('sends the register and lists each difference with both figures', async () => {
    const { server } = await compare(base);
    const differences = await screen.findByTestId('payroll-ippd-differences');
    expect(server.sent(URL)[0]!.body).toEqual({ csv: 'personal_number,gross,net\nCG/2019/004,50000,41000' });
    expect(screen.getByTestId('payroll-ippd-result').textContent).toContain('3 in the register, 3 on the run: 1 agree to the cent, 3 differences.');
    const items = differences.querySelectorAll('li');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toMatch(/Pay differs.*Mary Atieno.*CG\/2019\/004 · found under CG\/2019\/104 in IPPD · line 3.*Net: register KES\s40,000\.50, run KES\s40,000\.00$/);
    expect(items[1]!.textContent).toMatch(/Only in IPPD.*Someone Else.*Net: register Ksh\s28,000, run —/);
    expect(items[2]!.textContent).toMatch(/Only on this run.*Paul Ouma.*Net: register —, run Ksh\s27,000/);
    expect(screen.getByRole('button', { name: 'Download differences' })).toBeTruthy();
  });

  it('shows the lines it could not read and compares nothing', async () => {
    await compare({ ...base, differences: [], matched: 0, issues: [{ path: 'csv.line.2.gross', message: 'Line 2: gross must be an amount of 0 or more (lots)' }] });
    expect((await screen.findByRole('alert')).textContent).toBe('Line 2: gross must be an amount of 0 or more (lots)');
    expect(screen.queryByTestId('payroll-ippd-differences')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download differences' })).toBeNull();
  });
});
