import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { currentUserQuery } from '../auth';
import { CHECKS, type CheckOutcome, type CheckStatus, type RunContext } from './system-test.checks';

export type CheckResult = { status: CheckStatus } & Partial<Omit<CheckOutcome, 'status'>> & { durationMs?: number };

/** Runs the checks one after the other and keeps each one's result as it arrives. */
export function useSystemTest(email: string | null) {
  const queryClient = useQueryClient();
  const [results, setResults] = useState<Record<string, CheckResult>>({});
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState(false);
  const busy = useRef(false);

  const run = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    setFinished(false);
    setResults({});
    const ctx: RunContext = { email, demoEmails: null };
    for (const check of CHECKS) {
      setResults((r) => ({ ...r, [check.id]: { status: 'testing' } }));
      const started = performance.now();
      const outcome = await check.run(ctx);
      const durationMs = Math.round(performance.now() - started);
      setResults((r) => ({ ...r, [check.id]: { ...outcome, durationMs } }));
      // A sign-in may have replaced the session cookie: read the current user again (SPEC.md §4).
      if (check.signsIn) await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    }
    busy.current = false;
    setRunning(false);
    setFinished(true);
  }, [email, queryClient]);

  const values = Object.values(results);
  const totals = {
    total: CHECKS.length,
    passed: values.filter((r) => r.status === 'pass').length,
    warnings: values.filter((r) => r.status === 'warning').length,
    failed: values.filter((r) => r.status === 'fail').length,
  };
  return { results, running, finished, totals, run };
}
