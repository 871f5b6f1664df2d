import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initConsumerI18n } from './i18n';
import { visitLanguage } from './apiUrl';
import { applyDocumentLanguage } from './documentHead';
import { ConsumerApp } from './ConsumerApp';
import './consumer.css';

/**
 * The consumer entry (consumer.html): the pages a shopper's phone opens from a label. No portal shell, no
 * component library, no charts; the scan check is usually already under way (see scan/earlyCheck.ts).
 */
const lang = visitLanguage();
initConsumerI18n(lang);
applyDocumentLanguage(lang);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsumerApp />
  </StrictMode>,
);
