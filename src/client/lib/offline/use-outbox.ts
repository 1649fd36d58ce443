// The outbox's writes on the Sync screen (issue 34), read again whenever it changes in this tab or another.
import { useEffect, useState } from 'react';
import { onOutboxChange, outboxEntries, type OutboxEntry } from './index';

export function useOutboxEntries(): OutboxEntry[] | undefined {
  const [entries, setEntries] = useState<OutboxEntry[]>();
  useEffect(() => {
    let live = true;
    const load = () => void outboxEntries().then((v) => live && setEntries(v), () => undefined);
    load();
    const stop = onOutboxChange(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return entries;
}
