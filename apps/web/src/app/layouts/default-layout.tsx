import type { ReactNode } from 'react';
import { useT } from '../../shared/lib/i18n';
import { RealtimeMount } from '../realtime-mount';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageSidePanel } from './language-side-panel';
import { SideMenu } from './side-menu';
import { useSideMenu } from './side-menu-store';
import './layout.css';

/** Header, side menu, content and footer. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const collapsed = useSideMenu((s) => s.collapsed);
  return (
    <div className={`app-shell ${collapsed ? 'app-shell--collapsed' : ''}`}>
      <a className="app-skip" href="#content">
        {t('app.skip')}
      </a>
      <Header />
      <SideMenu />
      <div className="app-body">
        <main id="content" className="app-main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </div>
      <LanguageSidePanel />
      <RealtimeMount />
    </div>
  );
}
