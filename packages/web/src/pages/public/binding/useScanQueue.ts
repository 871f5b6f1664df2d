import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs scans one after another in the order they came. A wedge scanner can send the next label before
 * the server answered the last one; each must still be saved, in order, and the tally must follow that
 * order. `busy` is true while any scan is waiting or running.
 */
export function useScanQueue(handle: (code: string) => Promise<void>) {
  const tail = useRef<Promise<void>>(Promise.resolve());
  const handleRef = useRef(handle);
  useEffect(() => {
    handleRef.current = handle;
  }, [handle]);
  const [pending, setPending] = useState(0);

  const push = useCallback((code: string) => {
    setPending((n) => n + 1);
    tail.current = tail.current
      .then(() => handleRef.current(code))
      .catch(() => undefined)
      .finally(() => setPending((n) => n - 1));
  }, []);

  return { push, busy: pending > 0 };
}
