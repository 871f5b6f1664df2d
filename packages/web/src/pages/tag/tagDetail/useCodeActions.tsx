import { useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activateCodes, CODES_QUERY_KEY, voidCode } from '../../../api/code';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { VoidReasonModal } from './VoidReasonModal';

type CodeRef = { id: string; code: string };

/**
 * Putting a code in force (after a confirmation) and voiding it (through the reason dialog), shared by the
 * list and a code's page. Both refresh every list and detail of codes.
 */
export function useCodeActions(): { activate: (code: CodeRef) => void; startVoid: (code: CodeRef) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const [voiding, setVoiding] = useState<CodeRef | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CODES_QUERY_KEY });

  const activation = useMutation({
    mutationFn: (code: CodeRef) => activateCodes({ id: code.id }),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await refresh();
    },
  });

  const activate = (code: CodeRef) =>
    confirmAction({
      title: t('tagDetail.activateTitle'),
      content: t('tagDetail.activateConfirm', { code: code.code }),
      danger: false,
      action: () => activation.mutateAsync(code),
    });

  const dialog = voiding && (
    <VoidReasonModal
      title={`${t('tagDetail.voidTitle')}：${voiding.code}`}
      hint={t('tagDetail.voidHint')}
      save={(reason) => voidCode({ id: voiding.id, reason })}
      onClose={() => setVoiding(null)}
      onVoided={() => {
        setVoiding(null);
        void refresh();
      }}
    />
  );
  return { activate, startVoid: setVoiding, dialog };
}
