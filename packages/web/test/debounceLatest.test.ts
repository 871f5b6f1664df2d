import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_DEBOUNCE_MS, debounceLatest } from '../src/utils/debounceLatest';

afterEach(() => vi.useRealTimers());

describe('debounceLatest', () => {
  it('runs only the newest call after the quiet time; overtaken calls settle undefined', async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async (name: string) => name === 'free');
    const check = debounceLatest(fn, REMOTE_DEBOUNCE_MS);
    const first = check('f');
    await vi.advanceTimersByTimeAsync(100);
    const second = check('fr');
    await vi.advanceTimersByTimeAsync(100);
    const third = check('free');
    await vi.advanceTimersByTimeAsync(REMOTE_DEBOUNCE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await first).toBeUndefined();
    expect(await second).toBeUndefined();
    expect(await third).toBe(true);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('free');
  });
});
