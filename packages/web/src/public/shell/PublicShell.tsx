import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { Icon } from '../ui/Icon';
import { LanguageSwitchContext } from '../language';
import './PublicShell.css';

/**
 * The frame of every public page (spec 2.1): a title bar with the zh / en switch (the same language cookie
 * as the portal) above one narrow content column. Built for phones first: nothing in it is wider than the
 * screen down to 320 px, and the column stops growing on a desktop. Plain HTML and CSS, so the consumer
 * pages pay nothing for it; the portal's staff pages (code binding, registration) use it too.
 *
 * Usage: `<PublicShell title={t('binding.pack.title')}>…page…</PublicShell>`
 */
export function PublicShell({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="public-shell">
      <header className="public-shell__bar">
        <h1 className="public-shell__title" data-testid="public-title">
          {title}
        </h1>
        <LanguageSwitch />
      </header>
      <main className="public-shell__content">{children}</main>
    </div>
  );
}

/** zh ⇄ en. The label names the other language, written in that language. */
function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const switchTo = useContext(LanguageSwitchContext);
  return (
    <button
      type="button"
      className="public-shell__lang"
      data-testid="lang-switch"
      onClick={() => switchTo(i18n.language === 'en_US' ? 'zh_CN' : 'en_US')}
    >
      <Icon icon={GlobalOutlined} /> {t('header.switchLanguage')}
    </button>
  );
}
