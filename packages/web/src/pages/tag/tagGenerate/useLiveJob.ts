import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isActiveCodeRecord, type CodeRecordRow } from '@rd/contract';
import { CODE_RECORD_LIST_KEY, codeRecordJobKey, fetchCodeRecord } from '../../../api/codeRecord';

/** How often a queued or running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

/**
 * A job as fresh as it can be: while it is queued or running its row is polled every second (getById); the
 * polling stops by itself once the job has ended, and the list is then reloaded so filters and counts follow.
 * Of the list's row and the polled one, the newer (by updatedAt) is shown.
 */
export function useLiveJob(row: CodeRecordRow): CodeRecordRow {
  const queryClient = useQueryClient();
  const polled = useQuery({
    queryKey: codeRecordJobKey(row.id),
    queryFn: () => fetchCodeRecord(row.id),
    enabled: isActiveCodeRecord(row.status),
    refetchInterval: (query) => (isActiveCodeRecord(query.state.data?.status ?? row.status) ? JOB_POLL_MS : false),
  });
  const live = polled.data && polled.data.updatedAt >= row.updatedAt ? polled.data : row;

  const wasActive = useRef(isActiveCodeRecord(live.status));
  useEffect(() => {
    const active = isActiveCodeRecord(live.status);
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: CODE_RECORD_LIST_KEY });
    wasActive.current = active;
  }, [live.status, queryClient]);

  return live;
}
