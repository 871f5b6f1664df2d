import { DetailLoadState } from '../../components/DetailLoadState';
import { useBackToList } from '../../app/router/useBackToList';
import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  CHECK_SCHEMES,
  CHECK_SCHEMES_FOR,
  LEGACY_CHECK_SCHEMES,
  CODE_ALPHABETS,
  PERMISSIONS,
  RULE_ALPHABETS,
  RULE_BODY_MAX,
  RULE_BODY_MIN,
  RULE_KINDS,
  RULE_MODES,
  RULE_NAME_MAX,
  RULE_PREFIX_MAX,
  RULE_REMARK_MAX,
  RULE_REPEAT_MAX,
  RULE_REPEAT_MIN,
  RULE_STATUSES,
  RULE_URL_FORMS,
  type RuleRow,
} from '@rd/contract';
import { RULES_QUERY_KEY, addRule, editRule, fetchRule } from '../../api/rule';
import { isHttpError } from '../../api/HttpError';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { usePermission } from '../../components/usePermission';
import { RulePreviewPanel } from './tagRule/RulePreviewPanel';
import {
  FIELD_DEPENDENCIES,
  NEW_RULE,
  formToAddBody,
  formToEditBody,
  minimumBodyFor,
  problemText,
  rowToForm,
  ruleFieldProblem,
  type RuleFormField,
  type RuleFormValues,
} from './tagRule/ruleForm';
import './tagRule/tagRule.css';

const FORM_FIELDS: readonly RuleFormField[] = [
  'ruleName',
  'kind',
  'mode',
  'prefix',
  'bodyLength',
  'alphabet',
  'checkScheme',
  'hiddenLength',
  'urlForm',
  'repeatThreshold',
  'status',
  'remark',
];
const HIDDEN_LENGTHS = [0, 4, 5, 6, 7, 8];


/**
 * A tag rule as a full-page form (tagRuleDetail): adding (no id), editing (?id=) or viewing
 * (?id=&mode=view), with a live preview of the codes the rule makes.
 */
export default function TagRuleDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const back = useBackToList('tagRule');
  const canAdd = usePermission(PERMISSIONS.ruleAdd);
  const canEdit = usePermission(PERMISSIONS.ruleEdit);
  const detail = useQuery({ queryKey: [...RULES_QUERY_KEY, 'detail', id], queryFn: () => fetchRule(id), enabled: id !== '' });

  if (id !== '' && (detail.isLoading || !detail.data)) {
    return (
      <DetailLoadState
        loading={detail.isLoading}
        backLabel={t('tagRule.back')}
        notFoundLabel={t('tagRule.notFound')}
        onBack={back}
      />
    );
  }
  const rule = detail.data ?? null;
  const viewOnly = params.get('mode') === 'view' || (rule ? !canEdit : !canAdd);
  return <RuleEditor key={rule?.id ?? 'new'} rule={rule} viewOnly={viewOnly} onDone={back} />;
}

interface RuleEditorProps {
  rule: RuleRow | null;
  viewOnly: boolean;
  onDone: () => void;
}

function RuleEditor({ rule, viewOnly, onDone }: RuleEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lang = useStore(appStore, (s) => s.language);
  const [form] = Form.useForm<RuleFormValues>();
  const initial = useMemo(() => (rule ? rowToForm(rule) : NEW_RULE), [rule]);
  const [values, setValues] = useState<RuleFormValues>(initial);
  const locked = rule?.shapeLocked === true;
  // A control's own disabled={false} would override the form's: say true or nothing.
  const shapeDisabled = locked || viewOnly;

  const save = useMutation({
    mutationFn: (submitted: RuleFormValues) => (rule ? editRule(formToEditBody(rule.id, submitted)) : addRule(formToAddBody(submitted))),
    onSuccess: async () => {
      void message.success(t('tagRule.saved'));
      await queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
      onDone();
    },
    onError: (error) => {
      if (!isHttpError(error)) return;
      // The server names the fields it refused (PARAM_CHECK, DUPLICATE, RULE_SHAPE_FROZEN): show them there.
      const errors = error.errors.length > 0 ? error.errors : (error.envelope?.errors ?? []);
      const own = errors.filter((e) => (FORM_FIELDS as readonly string[]).includes(e.field));
      if (own.length) form.setFields(own.map((e) => ({ name: e.field as RuleFormField, errors: [e.message] })));
    },
  });

  /** The contract's rule for a field, read against the whole form (several rules tie fields together). */
  const rules = (field: RuleFormField): Rule[] => [
    {
      validator: () => {
        const problem = ruleFieldProblem(field, form.getFieldsValue(true) as RuleFormValues, rule?.checkScheme ?? null);
        return problem ? Promise.reject(new Error(problemText(problem, lang))) : Promise.resolve();
      },
    },
  ];
  const item = (field: RuleFormField) => ({
    name: field,
    label: t(`tagRule.${field}`),
    rules: rules(field),
    dependencies: FIELD_DEPENDENCIES[field],
    extra: field in HINTED ? t(`tagRule.hints.${field as keyof typeof HINTED}`) : undefined,
  });
  const minBody = minimumBodyFor(values);
  const allowedSchemes = values.alphabet ? CHECK_SCHEMES_FOR[values.alphabet] : CHECK_SCHEMES;
  // the old scheme is offered only to the rule that printed with it, so its codes keep verifying
  const keptLegacyScheme = rule && LEGACY_CHECK_SCHEMES.includes(rule.checkScheme) ? rule.checkScheme : null;
  const schemeOptions = CHECK_SCHEMES.filter((c) => !LEGACY_CHECK_SCHEMES.includes(c) || c === keptLegacyScheme);

  const title = viewOnly ? t('tagRule.viewTitle') : rule ? t('tagRule.editTitle') : t('tagRule.addTitle');
  return (
    <Card
      title={title}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onDone} data-testid="rule-detail-back">
          {t('tagRule.back')}
        </Button>
      }
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          {locked && !viewOnly && <Alert type="info" showIcon title={t('tagRule.hints.locked')} className="rule-form__locked" data-testid="rule-locked" />}
          <Form<RuleFormValues>
            form={form}
            layout="vertical"
            initialValues={initial}
            disabled={viewOnly}
            onValuesChange={(_, all) => setValues(all)}
            onFinish={(submitted) => save.mutate(submitted)}
            data-testid="rule-form"
          >
            <Divider titlePlacement="start">{t('tagRule.sections.basic')}</Divider>
            <Form.Item {...item('ruleName')} required>
              <Input maxLength={RULE_NAME_MAX} showCount data-testid="rule-form-ruleName" />
            </Form.Item>
            <Form.Item {...item('kind')} required>
              <Radio.Group
                disabled={shapeDisabled}
                optionType="button"
                options={RULE_KINDS.map((k) => ({ value: k, label: t(`tagRule.kinds.${k}`) }))}
              />
            </Form.Item>
            <Form.Item {...item('status')} required>
              <Radio.Group options={RULE_STATUSES.map((s) => ({ value: s, label: t(`tagRule.statuses.${s}`) }))} />
            </Form.Item>

            <Divider titlePlacement="start">{t('tagRule.sections.shape')}</Divider>
            <Form.Item {...item('mode')} required>
              <Radio.Group
                disabled={shapeDisabled}
                optionType="button"
                options={RULE_MODES.map((m) => ({ value: m, label: t(`tagRule.modes.${m}`) }))}
                data-testid="rule-form-mode"
              />
            </Form.Item>
            {values.mode === 'SEQUENTIAL' && (
              <Alert type="warning" showIcon title={t('tagRule.hints.sequentialWarning')} className="rule-form__warning" data-testid="rule-sequential-warning" />
            )}
            <Form.Item {...item('alphabet')} required>
              <Select
                disabled={shapeDisabled}
                options={RULE_ALPHABETS.map((a) => ({ value: a, label: t(`tagRule.alphabets.${a}`), title: CODE_ALPHABETS[a] }))}
                data-testid="rule-form-alphabet"
              />
            </Form.Item>
            <Form.Item {...item('prefix')} normalize={(value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value)}>
              <Input disabled={shapeDisabled} maxLength={RULE_PREFIX_MAX} showCount className="rule-form__mono" data-testid="rule-form-prefix" />
            </Form.Item>
            <Form.Item
              {...item('bodyLength')}
              required
              extra={t('tagRule.hints.bodyLength', { min: minBody ?? RULE_BODY_MIN })}
            >
              <InputNumber disabled={shapeDisabled} min={RULE_BODY_MIN} max={RULE_BODY_MAX} precision={0} data-testid="rule-form-bodyLength" />
            </Form.Item>
            <Form.Item {...item('checkScheme')} required>
              <Select
                disabled={shapeDisabled}
                options={schemeOptions.map((c) => ({
                  value: c,
                  label: t(`tagRule.checkSchemes.${c}`),
                  disabled: !allowedSchemes.includes(c) && c !== keptLegacyScheme,
                }))}
                data-testid="rule-form-checkScheme"
              />
            </Form.Item>
            {keptLegacyScheme && values.checkScheme === keptLegacyScheme && (
              <Alert type="warning" showIcon title={t('tagRule.hints.legacyCheckScheme')} className="rule-form__warning" data-testid="rule-legacy-check" />
            )}
            <Form.Item {...item('hiddenLength')} required>
              <Select
                disabled={shapeDisabled}
                options={HIDDEN_LENGTHS.map((n) => ({ value: n, label: n === 0 ? t('tagRule.noHidden') : String(n) }))}
                data-testid="rule-form-hiddenLength"
              />
            </Form.Item>

            <Divider titlePlacement="start">{t('tagRule.sections.scan')}</Divider>
            <Form.Item {...item('urlForm')} required>
              <Radio.Group options={RULE_URL_FORMS.map((u) => ({ value: u, label: t(`tagRule.urlForms.${u}`) }))} />
            </Form.Item>
            <Form.Item {...item('repeatThreshold')} required>
              <InputNumber min={RULE_REPEAT_MIN} max={RULE_REPEAT_MAX} precision={0} />
            </Form.Item>
            <Form.Item {...item('remark')}>
              <Input.TextArea rows={3} maxLength={RULE_REMARK_MAX} showCount />
            </Form.Item>

            {!viewOnly && (
              <Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="rule-form-save">
                    {t('tagRule.save')}
                  </Button>
                  <Button onClick={onDone}>{t('tagRule.cancel')}</Button>
                </Space>
              </Form.Item>
            )}
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          <div className="rule-preview__sticky">
            <RulePreviewPanel values={values} keptCheckScheme={rule?.checkScheme ?? null} />
          </div>
        </Col>
      </Row>
    </Card>
  );
}

/** Fields with an explanation under them (bodyLength's depends on the form and is given in place). */
const HINTED = {
  ruleName: true,
  kind: true,
  mode: true,
  prefix: true,
  alphabet: true,
  checkScheme: true,
  hiddenLength: true,
  urlForm: true,
  repeatThreshold: true,
  remark: true,
} as const;
