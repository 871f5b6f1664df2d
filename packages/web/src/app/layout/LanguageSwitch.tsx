import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useStore } from '../state/createStore';
import { appStore } from '../state/appStore';
import { changeLanguage } from '../../i18n/changeLanguage';

/** zh ⇄ en. The label names the other language, written in that language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  return (
    <Button
      type="text"
      size="small"
      className={className}
      icon={<GlobalOutlined />}
      data-testid="lang-switch"
      onClick={() => changeLanguage(lang === 'zh_CN' ? 'en_US' : 'zh_CN')}
    >
      {t('header.switchLanguage')}
    </Button>
  );
}
