import type { SessionEnd } from '@rd/contract';
import { sessionEndOf } from '../../api/sessionEnd';
import { SESSION_KEY, readSession, writeSession } from '../state/sessionKeys';

/**
 * Why the last session of this tab ended, kept across the reload that follows so the login page can say it.
 * Written after the session storage was wiped; an explicit sign-out wipes it and writes nothing.
 */
export function rememberSessionEnd(end: SessionEnd): void {
  writeSession(SESSION_KEY.sessionEnd, JSON.stringify(end));
}

export function readSessionEnd(): SessionEnd | null {
  try {
    return sessionEndOf(JSON.parse(readSession(SESSION_KEY.sessionEnd) || 'null'));
  } catch {
    return null;
  }
}

export function forgetSessionEnd(): void {
  writeSession(SESSION_KEY.sessionEnd, '');
}
