import { useState } from 'react';
import { Alert, App, Form, Input } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '@rd/contract';
import { NAMED_QUERIES_KEY, saveNamedQuery, type NamedQuery, type QueryParameters as Parameters } from '../../../api/epcisQueries';
import { isHttpError } from '../../../api/HttpError';
import { appStore } from '../../../app/state/appStore';
import { useStore } from '../../../app/state/createStore';
import { FormModal } from '../../../components/FormModal';
import { useFieldRules } from '../../../components/fieldRules';
import { QUERY_NAME, QUERY_NAME_MAX } from './eventFilters';
import { QueryParameters } from './QueryParameters';
import { showRefusal } from './serverErrors';

/**
 * Saves the events screen's filters under a name (POST /acc/epcis/queries): the name checked as the server
 * checks it, the filters shown as they will be kept, and the server's refusals under the name or above
 * the filters.
 */
export function SaveQueryModal({ query, onClose, onSaved }: { query: Parameters; onClose: () => void; onSaved: (saved: NamedQuery) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useStore(appStore, (s) => s.language);
  const rules = useFieldRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const [problems, setProblems] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: (name: string) => saveNamedQuery({ name, query }),
    onMutate: () => setProblems([]),
    onSuccess: (saved) => {
      void message.success(t('epcisQuery.saved', { name: saved.name }));
      void queryClient.invalidateQueries({ queryKey: NAMED_QUERIES_KEY });
      onSaved(saved);
    },
    onError: (error, name) => {
      // a name already taken is said in the form's words, not the server's field name
      if (isHttpError(error) && error.code === 'DUPLICATE') {
        form.setFields([{ name: 'name', errors: [t('epcisQuery.duplicate', { name })] }]);
        return;
      }
      const left = showRefusal(form, error, { name: 'name' }, t('http.systemError'));
      // the query's own parameters, named query.<parameter>, are shown above the filters they are about
      setProblems(left.others.map((p) => p.replace(/^query(\.|: )/, '')));
      if (left.message) void message.error(left.message);
    },
  });

  return (
    <FormModal title={t('epcisQuery.saveTitle')} form={form} saving={save.isPending} onClose={onClose}>
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values.name.trim())} data-testid="save-query-form">
        <Form.Item
          name="name"
          label={t('epcisQuery.name')}
          extra={t('epcisQuery.nameHint')}
          rules={[
            rules.required(t('epcisQuery.name')),
            {
              validator: (_, value: unknown) =>
                typeof value !== 'string' || !value.trim() || QUERY_NAME.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(validationMessage('validation.epcisQueryName', lang))),
            },
          ]}
        >
          <Input maxLength={QUERY_NAME_MAX} placeholder={t('epcisQuery.namePlaceholder')} autoComplete="off" data-testid="save-query-name" />
        </Form.Item>
        <Form.Item label={t('epcisQuery.willSave')}>
          <QueryParameters query={query} testId="save-query-parameters" />
        </Form.Item>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('epcisQuery.queryRefused')}
            description={problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
            data-testid="save-query-problems"
          />
        )}
      </Form>
    </FormModal>
  );
}
