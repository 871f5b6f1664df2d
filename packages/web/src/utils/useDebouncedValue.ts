import { useEffect, useState } from 'react';

/**
 * A JSON value as it was `wait` ms after it last changed: a live preview asks the server once the user
 * pauses, not on every keystroke. Values are compared by their JSON text, so a new object with the same
 * content (every render makes one) does not restart the wait.
 */
export function useDebouncedValue<T>(value: T, wait: number): T {
  const key = JSON.stringify(value) ?? 'null';
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), wait);
    return () => clearTimeout(timer);
  }, [key, wait]);
  return JSON.parse(settled) as T;
}
