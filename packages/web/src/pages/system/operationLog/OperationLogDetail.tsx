import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperationLogRow } from '../../../api/operationLog';
import { EMPTY, formatDateTime } from '../../../utils/format';
import { actionLabel, moduleLabel, readableParams } from './labels';

export interface OperationLogDetailProps {
  entry: OperationLogRow | null;
  showCompany: boolean;
  onClose: () => void;
}

/** Everything recorded about one operation; parameters and user agent as plain text. */
export function OperationLogDetail({ entry, showCompany, onClose }: OperationLogDetailProps) {
  const { t, i18n } = useTranslation();
  const text = (value: string) => value || EMPTY;
  const params = entry ? readableParams(entry.params) : '';

  return (
    <Drawer open={entry !== null} onClose={onClose} title={t('operationLog.detailTitle')} size={560} destroyOnHidden>
      {entry && (
        <Descriptions column={1} bordered size="small" data-testid="operation-log-detail">
          <Descriptions.Item label={t('operationLog.createdAt')}>{formatDateTime(entry.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('operationLog.username')}>
            {/* the record itself: the person's name and the login name the entry kept */}
            {entry.operatorName && entry.operatorName !== entry.username ? `${entry.operatorName} (${entry.username})` : text(entry.username)}
          </Descriptions.Item>
          {showCompany && <Descriptions.Item label={t('operationLog.companyName')}>{text(entry.companyName)}</Descriptions.Item>}
          <Descriptions.Item label={t('operationLog.module')}>{moduleLabel(t, i18n, entry.module)}</Descriptions.Item>
          <Descriptions.Item label={t('operationLog.action')}>{actionLabel(t, i18n, entry.action)}</Descriptions.Item>
          <Descriptions.Item label={t('operationLog.target')}>{text(entry.target)}</Descriptions.Item>
          <Descriptions.Item label={t('operationLog.method')}>{entry.method}</Descriptions.Item>
          <Descriptions.Item label={t('operationLog.url')}>
            <Typography.Text code>{entry.url}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('operationLog.result')}>
            {entry.result === 'SUCCESS' ? (
              <Tag color="success">{t('operationLog.resultSuccess')}</Tag>
            ) : (
              <Tag color="error">{t('operationLog.resultFailure')}</Tag>
            )}
          </Descriptions.Item>
          {entry.errorCode && <Descriptions.Item label={t('operationLog.errorCode')}>{entry.errorCode}</Descriptions.Item>}
          <Descriptions.Item label={t('operationLog.durationMs')}>{t('operationLog.duration', { ms: entry.durationMs })}</Descriptions.Item>
          <Descriptions.Item label={t('operationLog.ip')}>{text(entry.ip)}</Descriptions.Item>
          <Descriptions.Item label={t('operationLog.userAgent')}>
            <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="operation-log-user-agent">
              {text(entry.userAgent)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('operationLog.params')}>
            {params ? (
              <Typography.Paragraph copyable={{ text: entry.params }} style={{ marginBottom: 0 }}>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="operation-log-params">
                  {params}
                </pre>
              </Typography.Paragraph>
            ) : (
              t('operationLog.none')
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
