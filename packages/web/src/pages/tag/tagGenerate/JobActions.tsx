import { App, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, isActiveCodeRecord, type CodeRecordRow } from '@rd/contract';
import { CODE_RECORD_LIST_KEY, cancelCodeRecord, codeRecordJobKey } from '../../../api/codeRecord';
import { PermissionButton } from '../../../components/PermissionButton';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { JobDownloads } from '../JobDownloads';
import { JobActivation } from './JobActivation';
import { formatCount } from './formatCount';
import { useLiveJob } from './useLiveJob';

/**
 * The buttons of one job row. Cancel is offered while the job is queued or running. Download buttons
 * (codes as CSV / TXT / XLSX, QR images, label sheets) belong here too, next to it, for jobs that are done.
 */
export function JobActions({ row }: { row: CodeRecordRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const job = useLiveJob(row);

  const cancel = useMutation({
    mutationFn: () => cancelCodeRecord(job.id),
    onSuccess: async (cancelled) => {
      void message.success(t('tagGenerate.cancelled'));
      queryClient.setQueryData(codeRecordJobKey(job.id), cancelled);
      await queryClient.invalidateQueries({ queryKey: CODE_RECORD_LIST_KEY });
    },
  });

  return (
    <Space size={0}>
      {isActiveCodeRecord(job.status) && (
        <PermissionButton
          code={PERMISSIONS.codeRecordCancel}
          type="link"
          size="small"
          danger
          onClick={() =>
            confirmAction({
              title: t('tagGenerate.cancelTitle'),
              content: t('tagGenerate.cancelConfirm', { progress: formatCount(job.progress) }),
              action: () => cancel.mutateAsync(),
            })
          }
          data-testid={`job-cancel-${job.id}`}
        >
          {t('tagGenerate.cancel')}
        </PermissionButton>
      )}
      <JobActivation job={job} />
      {!isActiveCodeRecord(job.status) && job.progress > 0 && (
        <JobDownloads
          jobId={job.id}
          codeCount={job.progress}
          onDownloaded={() => void queryClient.invalidateQueries({ queryKey: CODE_RECORD_LIST_KEY })}
        />
      )}
    </Space>
  );
}
