import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isHttpError } from '../../api/HttpError';
import { httpEffects } from '../../api/httpEffects';
import { ensureSession } from '../auth/loadSession';
import { forceLocalLogout } from '../auth/logout';
import { hasToken, rolesLoaded } from '../state/sessionStore';
import { afterSessionLoad, decideNavigation } from './guard';

/**
 * The root route's loader, run on every navigation (shouldRevalidate: always): the guard of spec 2.2.
 * Throwing a redirect is how a loader sends the navigation elsewhere.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname, search } = new URL(request.url);
  const decision = decideNavigation({ pathname, search, hasToken: hasToken(), rolesLoaded: rolesLoaded() });
  if (decision.kind === 'allow') return null;
  if (decision.kind === 'redirect') throw redirect(decision.to);

  const loaded = await ensureSession().then(
    () => true,
    (error: unknown) => {
      // HTTP failures have told the user already; "verification failed" has not.
      if (!(isHttpError(error) && error.handled)) httpEffects().showError(error instanceof Error ? error.message : String(error));
      return false;
    },
  );
  const next = afterSessionLoad(loaded, pathname, search);
  if (next.kind === 'forceLogout') forceLocalLogout();
  throw redirect(next.to);
}
