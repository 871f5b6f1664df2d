import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Space, Spin, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SAMPLE_GTIN, isValidGtin, type CheckScheme, type RulePreview, type RuleSample } from '@rd/contract';
import { previewRule } from '../../../api/rule';
import { isHttpError } from '../../../api/HttpError';
import { useStore } from '../../../app/state/createStore';
import { appStore } from '../../../app/state/appStore';
import { REMOTE_DEBOUNCE_MS } from '../../../utils/debounceLatest';
import { useDebouncedValue } from '../../../utils/useDebouncedValue';
import { previewBodyOf, shapeProblemTexts, shapeOf, type RuleFormValues } from './ruleForm';

/** A code split into prefix, body and check character, so the reader sees how it is built. */
function CodeParts({ code, prefixLength, hasCheck }: { code: string; prefixLength: number; hasCheck: boolean }) {
  const end = hasCheck ? code.length - 1 : code.length;
  return (
    <span className="rule-code">
      {prefixLength > 0 && <span className="rule-code__prefix">{code.slice(0, prefixLength)}</span>}
      <span className="rule-code__body">{code.slice(prefixLength, end)}</span>
      {hasCheck && <span className="rule-code__check">{code.slice(end)}</span>}
    </span>
  );
}

const powerText = (log10: number) => log10.toFixed(1);

function Figures({ preview }: { preview: RulePreview }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered title={t('tagRule.preview.figures')} data-testid="rule-preview-figures">
      <Descriptions.Item label={t('tagRule.preview.totalLength')}>
        {t('tagRule.preview.totalLengthValue', { count: preview.totalLength })}
      </Descriptions.Item>
      <Descriptions.Item label={t('tagRule.preview.space')}>{t('tagRule.preview.spaceValue', { power: powerText(preview.spaceLog10) })}</Descriptions.Item>
      {preview.maxSerial !== null && (
        <Descriptions.Item label={t('tagRule.preview.maxSerial')}>{BigInt(preview.maxSerial).toLocaleString()}</Descriptions.Item>
      )}
      <Descriptions.Item label={t('tagRule.preview.odds', { volume: preview.plannedVolume.toLocaleString() })}>
        <Space orientation="vertical" size={2}>
          {preview.oddsLog10 !== null ? (
            <span>{t('tagRule.preview.oddsValue', { power: powerText(preview.oddsLog10) })}</span>
          ) : (
            <span>{t('tagRule.preview.sequentialOdds')}</span>
          )}
          <Tag color={preview.meetsGuessBound ? 'success' : 'warning'} data-testid="rule-preview-bound">
            {preview.meetsGuessBound ? t('tagRule.preview.meetsBound') : t('tagRule.preview.failsBound')}
          </Tag>
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

function Sample({ sample, prefixLength }: { sample: RuleSample; prefixLength: number }) {
  const { t } = useTranslation();
  return (
    <div className="rule-sample" data-testid="rule-preview-sample">
      <div className="rule-sample__line">
        <CodeParts code={sample.code} prefixLength={prefixLength} hasCheck={sample.checkChar !== ''} />
        <Typography.Text type="secondary">
          {t('tagRule.preview.checkChar')}: {sample.checkChar || t('tagRule.preview.none')}
        </Typography.Text>
        {sample.hiddenCode !== '' && (
          <Typography.Text type="secondary">
            {t('tagRule.preview.hiddenCode')}: <span className="rule-sample__hidden">{sample.hiddenCode}</span>
          </Typography.Text>
        )}
      </div>
      <Typography.Text className="rule-sample__url" copyable={{ text: sample.url }}>
        {sample.url}
      </Typography.Text>
    </div>
  );
}

/**
 * The live preview beside the rule form: sample codes as they will be printed (check character, hidden
 * code under the company's key, the URL the QR code will carry) and what the code space means for
 * guessing. It asks the server 300 ms after the form last changed; the URL is shown as text.
 */
/** `keptCheckScheme`: the stored rule's check scheme, which may be an old one it keeps. */
export function RulePreviewPanel({ values, keptCheckScheme = null }: { values: RuleFormValues; keptCheckScheme?: CheckScheme | null }) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const [gtin, setGtin] = useState('');
  const body = useDebouncedValue(previewBodyOf(values, gtin, keptCheckScheme), REMOTE_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: ['rulePreview', body],
    queryFn: () => previewRule(body!),
    enabled: body !== null,
    // Samples are random: they change when asked to, not when the window regains focus.
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });

  const shape = shapeOf(values);
  const problems = shapeProblemTexts(values, lang, keptCheckScheme);
  const gtinInvalid = gtin.trim() !== '' && !isValidGtin(gtin.trim());
  const serverProblems = isHttpError(preview.error) ? preview.error.errors : [];

  let content;
  if (!shape) {
    content = <Empty description={t('tagRule.preview.fillShape')} />;
  } else if (problems.length > 0) {
    content = (
      <Alert
        type="warning"
        showIcon
        title={t('tagRule.preview.problems')}
        description={
          <ul className="rule-preview__problems" data-testid="rule-preview-problems">
            {problems.map((p) => (
              <li key={`${p.field}:${p.message}`}>
                {t(`tagRule.${p.field}`)}: {p.message}
              </li>
            ))}
          </ul>
        }
      />
    );
  } else if (preview.isError && !preview.data) {
    content = (
      <Alert
        type="error"
        showIcon
        title={serverProblems.length ? t('tagRule.preview.problems') : t('tagRule.preview.failed')}
        description={
          serverProblems.length
            ? serverProblems.map((e) => <div key={e.field}>{e.message}</div>)
            : // The server's own words (e.g. a platform account has no company), as text.
              preview.error.message || undefined
        }
      />
    );
  } else if (!preview.data) {
    content = <Spin description={t('tagRule.preview.loading')}>
        <div className="rule-preview__loading" />
      </Spin>;
  } else {
    const data = preview.data;
    content = (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div data-testid="rule-preview-samples">
          {data.samples.map((sample) => (
            <Sample key={sample.code} sample={sample} prefixLength={shape.prefix.length} />
          ))}
        </div>
        {data.gtin && data.sampleGtin && (
          <Typography.Text type="secondary">
            {t('tagRule.preview.sampleGtin')}: {data.gtin}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">{t('tagRule.preview.qrNote')}</Typography.Text>
        <Figures preview={data} />
        <Typography.Text type="secondary">{t('tagRule.preview.sampleNote')}</Typography.Text>
      </Space>
    );
  }

  return (
    <Card
      size="small"
      title={t('tagRule.preview.title')}
      className="rule-preview"
      data-testid="rule-preview"
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          disabled={body === null}
          loading={preview.isFetching}
          onClick={() => void preview.refetch()}
          data-testid="rule-preview-refresh"
        >
          {t('tagRule.preview.refresh')}
        </Button>
      }
    >
      {shape?.urlForm === 'GS1' && (
        <Form layout="vertical" component={false}>
          <Form.Item
            label={t('tagRule.preview.gtin')}
            validateStatus={gtinInvalid ? 'error' : undefined}
            help={gtinInvalid ? t('tagRule.preview.gtinInvalid') : t('tagRule.preview.gtinHint', { gtin: SAMPLE_GTIN })}
          >
            <Input value={gtin} onChange={(e) => setGtin(e.target.value)} allowClear maxLength={14} data-testid="rule-preview-gtin" />
          </Form.Item>
        </Form>
      )}
      {content}
    </Card>
  );
}
