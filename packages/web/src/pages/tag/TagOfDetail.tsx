import { useBackToList } from '../../app/router/useBackToList';
import { Button, Card, Descriptions, Empty, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CODE_STATUS_DICT, PERMISSIONS } from '@rd/contract';
import { CODES_QUERY_KEY, fetchCode } from '../../api/code';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { PermissionButton } from '../../components/PermissionButton';
import { DictTag } from '../../dict/DictTag';
import { EMPTY, formatDateTime } from '../../utils/format';
import { ScreenLink } from './tagDetail/ScreenLink';
import { useScreenPath } from './tagDetail/screenPath';
import { useCodeActions } from './tagDetail/useCodeActions';


/**
 * One code (tagOfDetail?id=... or ?code=...): its rule, job, status history, the URL its QR image carries,
 * what it is bound to now — product, batch, box and the dealer holding it, by name, each a link to its screen
 * (product page, batch drawer, the box code's own page, dealer details) — and putting it in force or voiding
 * it. The hidden code is never shown here.
 */
export default function TagOfDetail() {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const codeText = params.get('code') ?? '';
  const by = id ? { id } : { code: codeText };
  const back = useBackToList('tagDetail');
  const { activate, startVoid, dialog } = useCodeActions();
  const detail = useQuery({
    queryKey: [...CODES_QUERY_KEY, 'detail', id, codeText, lang],
    queryFn: () => fetchCode(by),
    enabled: id !== '' || codeText !== '',
  });
  const code = detail.data;
  const text = (value: string | null | undefined) => value || EMPTY;
  const productPath = useScreenPath('ProductDetail');
  const batchPath = useScreenPath('ProductBatch');
  const codePath = useScreenPath('TagOfDetail');
  const dealerPath = useScreenPath('Dealer');

  return (
    <Card
      title={t('tagDetail.detailTitle')}
      extra={
        <Space>
          {code?.status === 'NOT_ACTIVATED' && (
            <PermissionButton code={PERMISSIONS.codeActivate} type="primary" onClick={() => activate(code)} data-testid="code-detail-activate">
              {t('tagDetail.activate')}
            </PermissionButton>
          )}
          {code && code.status !== 'VOIDED' && (
            <PermissionButton code={PERMISSIONS.codeVoid} danger onClick={() => startVoid(code)} data-testid="code-detail-void">
              {t('tagDetail.void')}
            </PermissionButton>
          )}
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="code-detail-back">
            {t('tagDetail.back')}
          </Button>
        </Space>
      }
    >
      {detail.isLoading && <Spin />}
      {!detail.isLoading && !code && <Empty description={t('tagDetail.notFound')} />}
      {code && (
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="small" data-testid="code-detail">
          <Descriptions.Item label={t('tagDetail.code')}>
            <Typography.Text code copyable>
              {code.code}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.status')}>
            <DictTag typeCode={CODE_STATUS_DICT} value={code.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.rule')}>{code.ruleName}</Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.ruleKind')}>
            {code.ruleKind === 'ITEM' || code.ruleKind === 'BOX' ? t(`tagDetail.ruleKinds.${code.ruleKind}`) : code.ruleKind}
          </Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.job')}>
            <Typography.Text copyable>{code.recordId}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.jobCreatedAt')}>{formatDateTime(code.recordCreatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.serial')}>{text(code.serial)}</Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.product')}>
            <ScreenLink to={productPath} id={code.productId} text={code.productName} testId="code-product" />
          </Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.batch')}>
            <ScreenLink to={batchPath} id={code.batchId} text={code.batchName} testId="code-batch" />
          </Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.box')}>
            <Space>
              <ScreenLink to={codePath} id={code.boxCodeId} text={code.boxCode} testId="code-box" />
              {code.boxCode && (
                <Link to={`/boxCodeView?code=${encodeURIComponent(code.boxCode)}`} data-testid="code-in-box">
                  {t('tagDetail.boxPublicView')}
                </Link>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.dealer')}>
            <ScreenLink to={dealerPath} id={code.dealerId} text={code.dealerName} testId="code-dealer" />
          </Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.createdAt')}>{formatDateTime(code.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.activatedAt')}>{formatDateTime(code.activatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.voidedAt')}>{formatDateTime(code.voidedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.voidReason')} span="filled">
            {text(code.voidReason)}
          </Descriptions.Item>
          <Descriptions.Item label={t('tagDetail.url')} span="filled">
            <Typography.Text copyable data-testid="code-detail-url">
              {code.url}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      {dialog}
    </Card>
  );
}
