import type { ReactNode } from 'react';
import './layout.css';

/** No header or menu: embedded widgets and the offline page. */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main id="content" className="app-main app-main--empty">
      {children}
    </main>
  );
}
