import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path> → /<path>: the tab bar's refresh goes through here so the view mounts afresh. */
export function RedirectHop() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}
