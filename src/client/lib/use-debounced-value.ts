// A value that settles: what a search box sends once the typing pauses.
import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms: a search is sent when the typing pauses. */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
