import { useEffect, useState } from 'react';
import type { LoginUser } from '@rd/contract';
import { ensureSession } from '../../../app/auth/loadSession';
import { forceLocalLogout } from '../../../app/auth/logout';
import { useStore } from '../../../app/state/createStore';
import { sessionStore } from '../../../app/state/sessionStore';

export interface StaffSession {
  /** The signed-in staff member, or null (nobody, or still loading). */
  user: LoginUser | null;
  /** True while a token from this tab is being turned into a user. */
  loading: boolean;
}

/**
 * Who is signed in, for a public page. A token left by the portal in this tab is reused (the same session
 * store and the same one-time user load as the portal); a token the server no longer accepts is dropped
 * here, so the page shows its sign-in form instead of sending the visitor away.
 */
export function useStaffSession(): StaffSession {
  const token = useStore(sessionStore, (s) => s.token);
  const user = useStore(sessionStore, (s) => s.user);
  const [failedToken, setFailedToken] = useState('');
  const loading = token !== '' && user === null && failedToken !== token;

  useEffect(() => {
    if (!loading) return;
    let cancelled = false;
    ensureSession().catch(() => {
      if (cancelled) return;
      forceLocalLogout();
      setFailedToken(token);
    });
    return () => {
      cancelled = true;
    };
  }, [loading, token]);

  return { user, loading };
}
