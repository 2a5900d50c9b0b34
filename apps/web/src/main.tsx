// First: zod must be configured before any module builds a schema.
import './shared/lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/ui/base.css';
import './app/global.css';
import { App } from './app/app';
import { fetchBoot } from './app/boot';
import { applyBoot } from './app/boot-store';
import { queryClient } from './app/providers';
import { reportError } from './shared/lib/app-error';
import { startColorMode } from './shared/lib/color-mode';
import { useLocaleStore } from './shared/lib/i18n';
import { detectLocale } from './shared/lib/locale';
import { startPerfMonitor } from './shared/lib/perf-monitor';

const locale = detectLocale({
  pathname: window.location.pathname,
  cookie: document.cookie,
  languages: navigator.languages,
});
useLocaleStore.getState().setLocale(locale);
startColorMode();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

async function boot() {
  // The server inlines the start state; the Vite dev server does not, so ask the API the way the spec does.
  const inlined = window.__SORTE__;
  if (inlined) {
    applyBoot(inlined);
    return;
  }
  try {
    applyBoot(await fetchBoot({ base: '/api', hostname: window.location.hostname, locale }));
  } catch (error) {
    reportError(error, { where: 'boot' });
    applyBoot({ state: 'error', locale, statusCode: 503 });
  }
}

// Under memory pressure, drop cached server data nobody is looking at.
boot().then(() => startPerfMonitor({ onCacheCleanup: () => queryClient.removeQueries({ type: 'inactive' }) }));

// Stray errors (third-party tags, operator markup) are recorded; render errors switch to the error page.
window.addEventListener('unhandledrejection', (e) => reportError(e.reason, { where: 'unhandledrejection' }));
