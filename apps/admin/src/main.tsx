// Ant Design 5 renders its modals and messages through React 19's root API only with this patch (its own notice).
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { currentLocale } from './lib/locale';

document.documentElement.lang = currentLocale();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
