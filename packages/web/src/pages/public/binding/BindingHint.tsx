import { useTranslation } from 'react-i18next';

/**
 * What a production-line page is for, in a line at its top, shown before signing in too: whoever opens it from
 * the portal, or is handed a phone with it, knows what scanning here will do.
 */
export function BindingHint({ page }: { page: 'produce' | 'pack' }) {
  const { t } = useTranslation();
  return (
    <p className="binding-hint" data-testid="binding-hint">
      {t(`bindingGuide.hint.${page}`)}
    </p>
  );
}
