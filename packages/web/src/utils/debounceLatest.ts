/** Spec 9: remote selects and checks wait this long after the last keystroke. */
export const REMOTE_DEBOUNCE_MS = 300;

/**
 * Wraps an async call so that it runs only after `wait` ms without a newer call. A call overtaken by a
 * newer one settles with `undefined` without running: only the newest answer matters (e.g. a form
 * field's live check, where antd shows the result of the latest validation).
 */
export function debounceLatest<A extends unknown[], R>(fn: (...args: A) => Promise<R>, wait: number) {
  let latest = 0;
  return (...args: A): Promise<R | undefined> => {
    const ticket = ++latest;
    return new Promise<R | undefined>((resolve, reject) => {
      setTimeout(() => {
        if (ticket !== latest) {
          resolve(undefined);
          return;
        }
        fn(...args).then(resolve, reject);
      }, wait);
    });
  };
}
