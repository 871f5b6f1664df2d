import type { ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch';
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
