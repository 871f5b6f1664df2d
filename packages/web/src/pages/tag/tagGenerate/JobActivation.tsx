import { useEffect, useRef, useState } from 'react';
import { Progress, Tooltip } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type CodeRecordRow } from '@rd/contract';
import { fetchJobActivation, jobActivationKey, requestJobActivation, requestJobVoid } from '../../../api/codeActivation';
import { CODE_RECORD_LIST_KEY } from '../../../api/codeRecord';
import { CODES_QUERY_KEY } from '../../../api/code';
import { BATCHES_QUERY_KEY } from '../../../api/productBatch';
import { PermissionButton } from '../../../components/PermissionButton';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { usePermission } from '../../../components/usePermission';
import { VoidReasonModal } from '../tagDetail/VoidReasonModal';
import { formatCount } from './formatCount';
import { JOB_POLL_MS } from './useLiveJob';

const isUnderWay = (status: string | undefined) => status === 'QUEUED' || status === 'RUNNING';

/**
 * Whether the job's change is still to be waited for: the newest one is queued or running, or the one asked for
 * here (`requestedId`) is not the newest the server answered yet. A small job's activation is often over before
 * the first answer after the request, so "it was under way and is no more" alone would miss its end.
 */
export function activationPending(activation: { id: string; status: string } | null | undefined, requestedId: string | null): boolean {
  if (isUnderWay(activation?.status)) return true;
  return requestedId !== null && activation?.id !== requestedId;
}

/** Codes of the job not in force yet and not voided: what activating the whole job would change. */
export const codesLeftToActivate = (job: Pick<CodeRecordRow, 'progress' | 'activatedCount' | 'voidedCount'>) =>
  Math.max(0, job.progress - job.activatedCount - job.voidedCount);

/** Codes of the job not voided yet: what voiding the whole job would change. */
const codesLeftToVoid = (job: Pick<CodeRecordRow, 'progress' | 'voidedCount'>) => Math.max(0, job.progress - job.voidedCount);

/**
 * "Activate all" and "Void all" for a finished job. Activating asks first (how many codes, voided ones stay
 * voided); voiding asks for the reason every code keeps. Either then runs in the background and is followed
 * every second with a bar of the job's codes in force, or voided (from its tallies, so the bar is right after
 * a reload too). A button is disabled while nothing is left for it or a change of the job is under way. Voiding
 * the whole job is also how a job larger than one bulk change (100,000 codes) is voided.
 */
export function JobActivation({ job }: { job: CodeRecordRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const mayActivate = usePermission(PERMISSIONS.codeActivate);
  const mayVoid = usePermission(PERMISSIONS.codeVoid);
  const [askingReason, setAskingReason] = useState(false);
  // the change asked for here, followed until the server reports it ended (a ref too, for the poll's interval)
  const [requestedId, setRequestedId] = useState<string | null>(null);
  const requested = useRef<string | null>(null);
  const state = useQuery({
    queryKey: jobActivationKey(job.id),
    queryFn: () => fetchJobActivation(job.id),
    enabled: (mayActivate || mayVoid) && job.status === 'DONE',
    refetchInterval: (query) => (activationPending(query.state.data?.activation, requested.current) ? JOB_POLL_MS : false),
  });
  const activation = state.data?.activation ?? null;
  const live = state.data?.job ?? job;
  const underWay = isUnderWay(activation?.status);
  const pending = activationPending(activation, requestedId);
  const left = codesLeftToActivate(live);

  // when a change of the job ends (seen under way here, or asked for here), the lists' counts follow
  const sawUnderWay = useRef(false);
  const answered = state.data !== undefined;
  useEffect(() => {
    if (underWay) sawUnderWay.current = true;
    if (pending || !answered || (!sawUnderWay.current && requestedId === null)) return;
    sawUnderWay.current = false;
    requested.current = null;
    setRequestedId(null);
    for (const queryKey of [CODE_RECORD_LIST_KEY, CODES_QUERY_KEY, BATCHES_QUERY_KEY]) void queryClient.invalidateQueries({ queryKey });
  }, [underWay, pending, answered, requestedId, queryClient]);

  /** Follows the change the server just accepted (its id) until it has ended. */
  const follow = async ({ id }: { id: string }) => {
    requested.current = id;
    setRequestedId(id);
    await queryClient.invalidateQueries({ queryKey: jobActivationKey(job.id) });
  };

  const start = useMutation({
    mutationFn: () => requestJobActivation(job.id),
    onSuccess: follow,
  });

  if (job.status !== 'DONE' || job.progress === 0) return null;
  if (underWay) {
    const voiding = activation?.action === 'VOID';
    const done = voiding ? live.voidedCount : live.activatedCount;
    const total = voiding ? live.progress : Math.max(1, live.progress - live.voidedCount);
    return (
      <div className="job-progress" data-testid={`job-activation-progress-${job.id}`}>
        <Progress percent={Math.floor((done * 100) / Math.max(1, total))} status="active" size="small" />
        <div className="job-progress__count">
          {t(voiding ? 'tagGenerate.voiding' : 'tagGenerate.activating', { done: formatCount(done), total: formatCount(total) })}
        </div>
      </div>
    );
  }
  const toVoid = codesLeftToVoid(live);
  return (
    <>
      <Tooltip title={left === 0 ? t('tagGenerate.nothingToActivate') : undefined}>
        <span>
          <PermissionButton
            code={PERMISSIONS.codeActivate}
            type="link"
            size="small"
            disabled={left === 0 || state.isLoading || pending}
            onClick={() =>
              confirmAction({
                title: t('tagGenerate.activateTitle'),
                danger: false,
                content: t('tagGenerate.activateConfirm', { n: formatCount(left), voided: formatCount(live.voidedCount) }),
                action: () => start.mutateAsync(),
              })
            }
            data-testid={`job-activate-${job.id}`}
          >
            {t('tagGenerate.activateAll')}
          </PermissionButton>
        </span>
      </Tooltip>
      <Tooltip title={toVoid === 0 ? t('tagGenerate.nothingToVoid') : undefined}>
        <span>
          <PermissionButton
            code={PERMISSIONS.codeVoid}
            type="link"
            size="small"
            danger
            disabled={toVoid === 0 || state.isLoading || pending}
            onClick={() => setAskingReason(true)}
            data-testid={`job-void-${job.id}`}
          >
            {t('tagGenerate.voidAll')}
          </PermissionButton>
        </span>
      </Tooltip>
      {askingReason && (
        <VoidReasonModal
          title={t('tagGenerate.voidAllTitle')}
          hint={t('tagGenerate.voidAllHint', { n: formatCount(toVoid) })}
          save={async (reason) => {
            const accepted = await requestJobVoid(job.id, reason);
            void follow(accepted);
            return accepted;
          }}
          onClose={() => setAskingReason(false)}
          onVoided={() => setAskingReason(false)}
        />
      )}
    </>
  );
}
