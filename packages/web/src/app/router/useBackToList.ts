import { useMatches, useNavigate } from 'react-router';
import { isRouteMeta } from './routeMeta';

/**
 * Leaves a hidden preview route for the list screen it belongs to (spec 2.3: userView returns to userInfo,
 * tagRuleDetail to tagRule, ...). `fallback` is the list's path beside the preview, for when the route
 * carries no parent.
 */
export function useBackToList(fallback: string): () => void {
  const navigate = useNavigate();
  const matches = useMatches();
  const meta = matches.map((m) => m.handle).find(isRouteMeta);
  return () => {
    if (meta?.previewOf) void navigate(meta.previewOf.path);
    else void navigate(`../${fallback}`, { relative: 'path' });
  };
}
