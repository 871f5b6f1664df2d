import { App, type FormInstance } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showServerFieldErrors } from './fieldRules';

export interface FormSaveOptions<Values> {
  form: FormInstance<Values>;
  /** The form's field names: the server's errors about them are shown under them. */
  fields: readonly string[];
  save: (values: Values) => Promise<unknown>;
  onSaved: () => void;
}

/**
 * Saving an add / edit form: "operation successful", then onSaved. When the server refuses a field
 * (PARAM_CHECK, DUPLICATE) its message also goes under that field, where the user is looking.
 */
export function useFormSave<Values>({ form, fields, save, onSaved }: FormSaveOptions<Values>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: save,
    onSuccess: () => {
      void message.success(t('common.operationSuccess'));
      onSaved();
    },
    onError: (error) => showServerFieldErrors(form, error, fields),
  });
}
