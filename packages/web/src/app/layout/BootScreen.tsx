import { useEffect } from 'react';
import { doneProgress, startProgress } from '../router/navigationProgress';

/** Shown while the first navigation (guard, user load) is still running: only the progress bar. */
export function BootScreen() {
  useEffect(() => {
    startProgress();
    return doneProgress;
  }, []);
  return null;
}
