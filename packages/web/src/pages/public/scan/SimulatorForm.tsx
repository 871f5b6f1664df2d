import { useState } from 'react';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { HIDDEN_CODE_MAX, SCAN_CODE_MAX, type ScanSimulateResult } from '@rd/contract';
import { placeLabel } from '@rd/contract/places';
import { CodeScanner } from '../../../components/scan/CodeScanner';
import { isHttpError } from '../../../api/HttpError';
import { simulateScan } from './simulatorApi';
import { CLIENT_PRESETS, CLIENT_PRESET_NAMES, type ClientPreset } from './clientPresets';
import { HIDDEN_CODE_PATTERN } from '../../../public/scan/HiddenCodeForm';
import { ResultView } from '../../../public/scan/ResultView';

interface SimulatorValues {
  code: string;
  hiddenCode?: string;
  ip?: string;
  client: ClientPreset;
}

/** Loose shape checks only, so the form answers at once; the server validates the address for real. */
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]+$/i;

/**
 * The staff simulator: a code (typed or scanned), an address and a client; the answer shows the verdict
 * a consumer would get, where the address is and how the client is classified. Nothing is counted.
 */
export function SimulatorForm() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SimulatorValues>();
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<ScanSimulateResult | null>(null);
  const [error, setError] = useState('');

  const run = async (values: SimulatorValues) => {
    setRunning(true);
    setError('');
    try {
      setAnswer(
        await simulateScan({
          code: values.code.trim(),
          hiddenCode: values.hiddenCode?.trim() || undefined,
          ip: values.ip?.trim() || undefined,
          userAgent: CLIENT_PRESETS[values.client],
        }),
      );
    } catch (e) {
      setAnswer(null);
      if (isHttpError(e) && e.errors?.length) {
        form.setFields(e.errors.map((fieldError) => ({ name: fieldError.field as keyof SimulatorValues, errors: [fieldError.message] })));
      }
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  };

  // the place in the page's language (Intranet, Jiangsu Nanjing), then the ISP as the IP database writes it
  const lang = i18n.language === 'en_US' ? 'en_US' : 'zh_CN';
  const region = answer ? [placeLabel(answer.place, lang), answer.place.isp].filter(Boolean).join(' ') : '';

  return (
    <>
      <section className="scan-section" data-testid="simulator">
        <p className="scan-muted">{t('scan.simulator.intro')}</p>
        <CodeScanner onScan={(code) => form.setFieldsValue({ code })} testId="simulator-scan" />
        <Form<SimulatorValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ client: 'WECHAT_IOS' satisfies ClientPreset }}
          onFinish={(values) => void run(values)}
          style={{ marginTop: 12 }}
        >
          <Form.Item
            name="code"
            label={t('scan.simulator.code')}
            rules={[
              { required: true, whitespace: true, message: t('scan.entry.codeRequired') },
              { max: SCAN_CODE_MAX, message: t('scan.entry.codeInvalid', { max: SCAN_CODE_MAX }) },
            ]}
          >
            <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} data-testid="simulator-code" />
          </Form.Item>
          <Form.Item
            name="hiddenCode"
            label={t('scan.simulator.hiddenCode')}
            rules={[
              { pattern: HIDDEN_CODE_PATTERN, message: t('scan.entry.hiddenCodeInvalid', { max: HIDDEN_CODE_MAX }) },
              { max: HIDDEN_CODE_MAX, message: t('scan.entry.hiddenCodeInvalid', { max: HIDDEN_CODE_MAX }) },
            ]}
          >
            <Input inputMode="numeric" autoComplete="off" data-testid="simulator-hidden-code" />
          </Form.Item>
          <Form.Item
            name="ip"
            label={t('scan.simulator.ip')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || IPV4.test(value.trim()) || (value.includes(':') && IPV6.test(value.trim()))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('scan.simulator.ipInvalid'))),
              },
            ]}
          >
            <Input placeholder="114.114.114.114" inputMode="decimal" autoComplete="off" data-testid="simulator-ip" />
          </Form.Item>
          <Form.Item name="client" label={t('scan.simulator.client')}>
            <Select
              options={CLIENT_PRESET_NAMES.map((name) => ({ value: name, label: t(`scan.simulator.preset.${name}`) }))}
              data-testid="simulator-client"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={running} data-testid="simulator-submit">
            {t('scan.simulator.submit')}
          </Button>
        </Form>
      </section>
      {error && <Alert className="scan-after" type="error" showIcon title={error} data-testid="simulator-error" />}
      {answer && (
        <div className="scan-result scan-after" data-testid="simulator-result">
          <section className="scan-section scan-tool">
            <div className="scan-muted">{t('scan.simulator.notCounted')}</div>
            <div data-testid="simulator-region">{t('scan.simulator.region', { region: region || answer.place.ip })}</div>
            <div data-testid="simulator-client-type">{t('scan.simulator.clientType', { type: t(`statistics.clientType.${answer.clientType}`) })}</div>
            <div>{t('scan.simulator.os', { os: answer.os || '-' })}</div>
          </section>
          <ResultView result={answer.result} />
        </div>
      )}
    </>
  );
}
