import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_ADDRESS_MAX,
  COMPANY_BUSINESS_SCOPE_MAX,
  COMPANY_BUSINESS_TERM_MAX,
  COMPANY_FULL_NAME_MAX,
  COMPANY_INTRODUCTION_MAX,
  COMPANY_LICENSE_LENGTH,
  COMPANY_PERSON_MAX,
  COMPANY_SIMPLE_NAME_MAX,
  COMPANY_WEBSITE_MAX,
  businessTermProblem,
  isCompanyWebsite,
  normaliseWebsite,
  validationMessage,
  type CompanyInfoFieldsInput,
  type Lang,
} from '@rd/contract';
import { useFieldRules } from '../../components/fieldRules';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';

/** The form's field names, in the order shown (server errors about them appear under them). */
export const COMPANY_INFO_FIELDS = [
  'fullName',
  'simpleName',
  'licenseNumber',
  'legalPerson',
  'registerAddress',
  'businessTerm',
  'businessScope',
  'contactName',
  'contactPhone',
  'address',
  'website',
  'introduction',
  'logoFileId',
  'licenseFileId',
] as const satisfies ReadonlyArray<keyof CompanyInfoFieldsInput>;

export type CompanyInfoFormValues = Partial<Record<(typeof COMPANY_INFO_FIELDS)[number], string | null>>;

/**
 * The business term's rule: '' or "YYYY-MM-DD 至 YYYY-MM-DD" / "YYYY-MM-DD 至 长期" (in English words too), real
 * dates, the start not after the end — the contract's check, in its words, which name the field.
 */
export function businessTermRule(lang: Lang): Rule {
  return {
    validator: (_, value: unknown) => {
      const problem = typeof value === 'string' ? businessTermProblem(value) : null;
      return problem ? Promise.reject(new Error(validationMessage(problem, lang))) : Promise.resolve();
    },
  };
}

/** The website's rule: checked as the API will store it, with https:// before a bare host. */
export function websiteRule(lang: Lang): Rule {
  return {
    validator: (_, value: unknown) => {
      const website = typeof value === 'string' ? normaliseWebsite(value) : '';
      if (website.length > COMPANY_WEBSITE_MAX) return Promise.reject(new Error(validationMessage('validation.tooLong', lang, { max: COMPANY_WEBSITE_MAX })));
      return isCompanyWebsite(website) ? Promise.resolve() : Promise.reject(new Error(validationMessage('validation.website', lang)));
    },
  };
}

/** The report's fields with the contract's rules; read-only while the report may not change. */
export function CompanyInfoFields({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const lang = useStore(appStore, (s) => s.language);
  const form = Form.useFormInstance<CompanyInfoFormValues>();
  const text = (name: (typeof COMPANY_INFO_FIELDS)[number], max: number, required = false, extra?: string) => (
    <Form.Item name={name} label={t(`company.fields.${name}`)} rules={required ? [rules.required(t(`company.fields.${name}`)), rules.maxLength(max)] : [rules.maxLength(max)]} extra={extra}>
      <Input maxLength={max} disabled={disabled} data-testid={`company-${name}`} />
    </Form.Item>
  );
  const area = (name: 'businessScope' | 'introduction', max: number) => (
    <Form.Item name={name} label={t(`company.fields.${name}`)} rules={[rules.maxLength(max)]}>
      <Input.TextArea rows={3} maxLength={max} showCount disabled={disabled} data-testid={`company-${name}`} />
    </Form.Item>
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>{text('fullName', COMPANY_FULL_NAME_MAX, true)}</Col>
      <Col xs={24} md={12}>{text('simpleName', COMPANY_SIMPLE_NAME_MAX)}</Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="licenseNumber"
          label={t('company.fields.licenseNumber')}
          rules={[rules.required(t('company.fields.licenseNumber')), rules.pattern('uscc')]}
          extra={t('company.hints.licenseNumber')}
          normalize={(value: string | undefined) => value?.replace(/\s+/g, '').toUpperCase()}
        >
          <Input maxLength={COMPANY_LICENSE_LENGTH} disabled={disabled} data-testid="company-licenseNumber" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>{text('legalPerson', COMPANY_PERSON_MAX)}</Col>
      <Col xs={24} md={12}>{text('registerAddress', COMPANY_ADDRESS_MAX)}</Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="businessTerm"
          label={t('company.fields.businessTerm')}
          extra={t('company.hints.businessTerm')}
          rules={[rules.maxLength(COMPANY_BUSINESS_TERM_MAX), businessTermRule(lang)]}
          validateTrigger="onBlur"
        >
          <Input maxLength={COMPANY_BUSINESS_TERM_MAX} disabled={disabled} data-testid="company-businessTerm" />
        </Form.Item>
      </Col>
      <Col xs={24}>{area('businessScope', COMPANY_BUSINESS_SCOPE_MAX)}</Col>
      <Col xs={24} md={12}>{text('contactName', COMPANY_PERSON_MAX)}</Col>
      <Col xs={24} md={12}>
        <Form.Item name="contactPhone" label={t('company.fields.contactPhone')} rules={[rules.pattern('phone')]}>
          <Input maxLength={20} disabled={disabled} data-testid="company-contactPhone" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>{text('address', COMPANY_ADDRESS_MAX)}</Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="website"
          label={t('company.fields.website')}
          extra={t('company.hints.website')}
          rules={[websiteRule(lang)]}
          validateTrigger="onBlur"
        >
          <Input
            maxLength={COMPANY_WEBSITE_MAX}
            disabled={disabled}
            inputMode="url"
            data-testid="company-website"
            // a bare host gets https:// once typed, as the API would store it; what is no address stays as typed
            // for the rule (on blur) to say what is expected
            onBlur={(event) => {
              const website = normaliseWebsite(event.target.value);
              if (website !== event.target.value && isCompanyWebsite(website)) form.setFieldValue('website', website);
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>{area('introduction', COMPANY_INTRODUCTION_MAX)}</Col>
      <Col xs={24} md={12}>
        <Form.Item name="logoFileId" label={t('company.fields.logoFileId')}>
          <ImageUpload place="image" disabled={disabled} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="licenseFileId" label={t('company.fields.licenseFileId')}>
          <ImageUpload place="image" disabled={disabled} />
        </Form.Item>
      </Col>
    </Row>
  );
}
