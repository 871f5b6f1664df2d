import { useState } from 'react';
import { Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type RecallRow } from '@rd/contract';
import { RECALLS_QUERY_KEY, activateRecall } from '../../../api/recall';
import { PermissionButton } from '../../../components/PermissionButton';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { RecallCloseModal } from './RecallCloseModal';
import { RecallFormModal } from './RecallFormModal';

/**
 * What may be done to a recall in its state, as the user's permissions allow: edit a draft, activate it once
 * its codes are counted (after a confirmation naming how many), close it (or withdraw a draft).
 */
export function RecallActions({ recall, size = 'small', onOpen }: { recall: RecallRow; size?: 'small' | 'middle'; onOpen?: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState(false);
  const draft = recall.state === 'DRAFT';
  const type = size === 'small' ? 'link' : 'default';
  return (
    <>
      <Space size={size === 'small' ? 0 : 'small'} wrap>
        {onOpen && (
          <PermissionButton code={PERMISSIONS.recallList} type="link" size="small" onClick={() => onOpen(recall.id)} data-testid={`recall-open-${recall.recallNo}`}>
            {t('recall.view')}
          </PermissionButton>
        )}
        {draft && (
          <PermissionButton code={PERMISSIONS.recallEdit} type={type} size={size} onClick={() => setEditing(true)} data-testid={`recall-edit-${recall.recallNo}`}>
            {t('recall.edit')}
          </PermissionButton>
        )}
        {draft && recall.resolvedAt && recall.codeCount > 0 && (
          <PermissionButton
            code={PERMISSIONS.recallActivate}
            type={size === 'small' ? 'link' : 'primary'}
            danger
            size={size}
            data-testid={`recall-activate-${recall.recallNo}`}
            onClick={() =>
              confirmAction({
                title: t('recall.activate'),
                content: t('recall.activateConfirm', { count: recall.codeCount, recallNo: recall.recallNo }),
                action: async () => {
                  await activateRecall(recall.id);
                  await queryClient.invalidateQueries({ queryKey: RECALLS_QUERY_KEY });
                },
              })
            }
          >
            {t('recall.activate')}
          </PermissionButton>
        )}
        {recall.state !== 'CLOSED' && (
          <PermissionButton code={PERMISSIONS.recallClose} type={type} size={size} onClick={() => setClosing(true)} data-testid={`recall-close-${recall.recallNo}`}>
            {t('recall.close')}
          </PermissionButton>
        )}
      </Space>
      {editing && <RecallFormModal recall={recall} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
      {closing && <RecallCloseModal recall={recall} onClose={() => setClosing(false)} />}
    </>
  );
}
