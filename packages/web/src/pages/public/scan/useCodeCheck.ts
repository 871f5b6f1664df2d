import { useCallback, useEffect, useState } from 'react';
import { normaliseScannedCode, type ScanCheckResult } from '@rd/contract';
import { isHttpError } from '../../../api/HttpError';
import { checkCode } from './scanApi';
import { cacheVerdict, readCachedVerdict } from './verdictCache';

export type CheckState =
  | { status: 'checking' }
  | {
      status: 'done';
      result: ScanCheckResult;
      /** Shown from this tab's earlier answer, not asked again. */
      restored: boolean;
      /** Scratch-off digits were sent with this check (a mismatch is then the person's typo). */
      withHiddenCode: boolean;
    }
  | { status: 'failed'; reason: string };

/**
 * One check in flight per code and hidden code: React's development double effects, or two components
 * asking at once, share the call instead of counting the scan twice.
 */
const inFlight = new Map<string, Promise<ScanCheckResult>>();

function sharedCheck(code: string, hiddenCode: string | undefined): Promise<ScanCheckResult> {
  const key = `${code}\u0000${hiddenCode ?? ''}`;
  let call = inFlight.get(key);
  if (!call) {
    call = checkCode(code, hiddenCode).finally(() => inFlight.delete(key));
    inFlight.set(key, call);
  }
  return call;
}

/**
 * The check of `code` for a page: an answer kept from earlier in this tab is shown without asking the
 * server again (see verdictCache); otherwise the server is asked once. `submitHiddenCode` checks again
 * with the scratch-off digits when the answer asked for them.
 */
export function useCodeCheck(rawCode: string, initialHiddenCode?: string) {
  const code = normaliseScannedCode(rawCode);
  const [state, setState] = useState<CheckState>(() => initialState(code, initialHiddenCode));

  const run = useCallback(
    (hiddenCode: string | undefined, isCurrent: () => boolean = () => true) => {
      setState({ status: 'checking' });
      sharedCheck(code, hiddenCode).then(
        (result) => {
          if (!isCurrent()) return;
          cacheVerdict(result);
          setState({ status: 'done', result, restored: false, withHiddenCode: Boolean(hiddenCode) });
        },
        (error: unknown) => {
          if (!isCurrent()) return;
          setState({ status: 'failed', reason: isHttpError(error) || error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [code],
  );

  useEffect(() => {
    if (!code) return;
    const cached = initialHiddenCode ? null : readCachedVerdict(code);
    if (cached) {
      setState({ status: 'done', result: cached, restored: true, withHiddenCode: false });
      return;
    }
    let current = true;
    run(initialHiddenCode, () => current);
    return () => {
      current = false;
    };
  }, [code, initialHiddenCode, run]);

  return { code, state, submitHiddenCode: (hiddenCode: string) => run(hiddenCode), retry: () => run(initialHiddenCode) };
}

function initialState(code: string, hiddenCode: string | undefined): CheckState {
  const cached = code && !hiddenCode ? readCachedVerdict(code) : null;
  return cached ? { status: 'done', result: cached, restored: true, withHiddenCode: false } : { status: 'checking' };
}
