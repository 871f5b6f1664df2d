import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { Icon } from '../ui/Icon';
import { LanguageSwitchContext } from '../language';
import './PublicShell.css';

/**
 * zh ⇄ en on a coloured bar (the public shell's, the login page's). The label names the other language,
 * written in that language; the switch itself comes from LanguageSwitchContext.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const switchTo = useContext(LanguageSwitchContext);
  return (
    <button
      type="button"
      className={`public-shell__lang${className ? ` ${className}` : ''}`}
      data-testid="lang-switch"
      onClick={() => switchTo(i18n.language === 'en_US' ? 'zh_CN' : 'en_US')}
    >
      <Icon icon={GlobalOutlined} /> {t('header.switchLanguage')}
    </button>
  );
}
