import { useCallback, useEffect, useRef, useState } from 'react';
import { normaliseScannedCode } from '@rd/contract/consumer';
import type { ScanCheckResult } from '@rd/contract';
import { checkCode } from './scanApi';
import { checkKey } from './checkRequest';
import { takeEarlyVerdict, type GeoTap } from './earlyCheck';
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
      /** Those digits: later calls about the code (its trace) need them too. */
      hiddenCode?: string;
      /** A tap on the position prompt the document drew before the page started. */
      geoTap?: GeoTap;
    }
  | { status: 'failed'; reason: string };

/**
 * One check in flight per code and hidden code: React's development double effects, or two components
 * asking at once, share the call instead of counting the scan twice.
 */
const inFlight = new Map<string, Promise<ScanCheckResult>>();

function sharedCheck(code: string, hiddenCode: string | undefined): Promise<ScanCheckResult> {
  const key = checkKey(code, hiddenCode);
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
 * with the scratch-off digits when the answer asked for them. Callers key their component by the code,
 * so each code starts afresh.
 */
export function useCodeCheck(rawCode: string, initialHiddenCode?: string) {
  const code = normaliseScannedCode(rawCode);
  const [state, setState] = useState<CheckState>(() => initialState(code, initialHiddenCode));
  const doneAtStart = useRef(state.status === 'done');
  // The answer drawn before the page started is kept for a reload, as any answer is.
  const drawnAtStart = useRef(state.status === 'done' && !state.restored ? state.result : null);
  useEffect(() => {
    if (drawnAtStart.current) cacheVerdict(drawnAtStart.current, code);
  }, [code]);

  const settle = useCallback((call: Promise<ScanCheckResult>, hiddenCode: string | undefined, isCurrent: () => boolean) => {
    call.then(
      (result) => {
        if (!isCurrent()) return;
        cacheVerdict(result, code);
        setState({ status: 'done', result, restored: false, withHiddenCode: Boolean(hiddenCode), ...(hiddenCode ? { hiddenCode } : {}) });
      },
      (error: unknown) => {
        if (!isCurrent()) return;
        setState({ status: 'failed', reason: error instanceof Error ? error.message : String(error) });
      },
    );
  }, [code]);

  useEffect(() => {
    if (!code || doneAtStart.current) return;
    let current = true;
    settle(sharedCheck(code, initialHiddenCode), initialHiddenCode, () => current);
    return () => {
      current = false;
    };
  }, [code, initialHiddenCode, settle]);

  // A retry after a failure repeats the last question, digits included.
  const lastHiddenCode = useRef(initialHiddenCode);
  const ask = (hiddenCode: string | undefined) => {
    lastHiddenCode.current = hiddenCode;
    setState({ status: 'checking' });
    settle(sharedCheck(code, hiddenCode), hiddenCode, () => true);
  };
  return { code, state, submitHiddenCode: (hiddenCode: string) => ask(hiddenCode), retry: () => ask(lastHiddenCode.current) };
}

/** An answer this tab kept, else the one the document's inline script has already drawn, else a check to make. */
function initialState(code: string, hiddenCode: string | undefined): CheckState {
  if (!code || hiddenCode) return { status: 'checking' };
  const cached = readCachedVerdict(code);
  if (cached) return { status: 'done', result: cached, restored: true, withHiddenCode: false };
  const drawn = takeEarlyVerdict(code);
  return drawn ? { status: 'done', result: drawn.result, restored: false, withHiddenCode: false, ...(drawn.geoTap ? { geoTap: drawn.geoTap } : {}) } : { status: 'checking' };
}
