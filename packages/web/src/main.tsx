import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { applyInitialLanguage } from './i18n/changeLanguage';
import { appStore } from './app/state/appStore';
import { installHttpUi } from './app/httpUi';
import { createAppRouter } from './app/router/router';
import { App } from './app/App';
import './app/global.css';

applyInitialLanguage(appStore.getState().language);
installHttpUi();
// Created after the HTTP UI is in place: the router starts its first navigation (and calls) at once.
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
