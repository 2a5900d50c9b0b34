import { AlertOutlined, AuditOutlined, BankOutlined, DollarOutlined, LaptopOutlined } from '@ant-design/icons';
import { ThemedLayout, ThemedSider, ThemedTitle, useNotificationProvider } from '@refinedev/antd';
import { Authenticated, Refine } from '@refinedev/core';
import routerProvider, { CatchAllNavigate } from '@refinedev/react-router';
import { abilityFor } from '@sorte/contracts';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { Fragment, useMemo, useState } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { Header } from './components/header';
import { type ConsoleLocale, currentLocale } from './lib/locale';
import { addMessages, translate } from './lib/messages';
import {
  accessControlProvider,
  allowed,
  authProvider,
  currentSession,
  dataProvider,
  i18nProvider,
  registerSection,
} from './lib/providers';
import { AuditPage } from './pages/audit';
import { FailedEventsPage } from './pages/events';
import { LoginPage } from './pages/login';
import { WithdrawalsPage } from './pages/payments/withdrawals';
import { SessionsPage } from './pages/sessions';
import { SECTIONS } from './sections';

for (const section of SECTIONS) {
  addMessages(section.messages);
  registerSection(section);
}

const THEME = { token: { colorPrimary: '#16a34a', borderRadius: 6 } };

export function App() {
  const [locale, setLocale] = useState<ConsoleLocale>(currentLocale());
  dayjs.locale(locale === 'en' ? 'en' : 'pt-br');
  const i18n = useMemo(() => i18nProvider(setLocale), []);
  const t = (key: string) => translate(locale, key) ?? key;
  // Only the sections this slice built: a section appears in the sider once its screens exist.
  const resources = [
    ...SECTIONS.flatMap((s) => s.resources),
    { name: 'payments', meta: { label: t('nav.payments'), icon: <BankOutlined /> } },
    {
      name: 'withdrawals',
      list: '/withdrawals',
      meta: { label: t('nav.withdrawals'), parent: 'payments', icon: <DollarOutlined /> },
    },
    { name: 'events', list: '/events', meta: { label: t('nav.events'), icon: <AlertOutlined /> } },
    { name: 'audit', list: '/audit', meta: { label: t('nav.audit'), icon: <AuditOutlined /> } },
    { name: 'sessions', list: '/sessions', meta: { label: t('nav.sessions'), icon: <LaptopOutlined /> } },
  ];
  const title = (p: { collapsed: boolean }) => <ThemedTitle {...p} text={t('app.title')} />;
  return (
    <BrowserRouter basename="/admin">
      <ConfigProvider theme={THEME} locale={locale === 'en' ? enUS : ptBR}>
        <AntdApp>
          <Refine
            key={locale}
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18n}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{ syncWithLocation: false, disableTelemetry: true, title: { text: t('app.title') } }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="app" fallback={<CatchAllNavigate to="/login" />}>
                    <ThemedLayout Header={Header} Title={title} Sider={(p) => <ThemedSider {...p} fixed />}>
                      <Outlet />
                    </ThemedLayout>
                  </Authenticated>
                }
              >
                <Route index element={<FirstAllowed />} />
                {SECTIONS.map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the sections are a fixed list
                  <Fragment key={i}>{s.routes}</Fragment>
                ))}
                <Route path="/withdrawals" element={<WithdrawalsPage />} />
                <Route path="/events" element={<FailedEventsPage />} />
                <Route path="/audit" element={<AuditPage />} />
                <Route path="/sessions" element={<SessionsPage />} />
                <Route path="*" element={<FirstAllowed />} />
              </Route>
              {/* Not behind <Authenticated>: its re-check after a failed attempt would clear the form. */}
              <Route path="/login" element={<LoginPage />} />
            </Routes>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

/** Home: the first section this role may open (the withdrawals queue for finance, the audit log for an auditor). */
function FirstAllowed() {
  const s = currentSession();
  const ability = s ? abilityFor(s.staff.role) : null;
  const homes = [
    ...SECTIONS.flatMap((x) => (x.home ? [x.home] : [])),
    ...['withdrawals', 'audit', 'sessions'].map((r) => ({ resource: r, path: `/${r}` })),
  ];
  const first = homes.find((h) => allowed(ability, h.resource, 'list'))?.path ?? '/sessions';
  return <Navigate to={first} replace />;
}
