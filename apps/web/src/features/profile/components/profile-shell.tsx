import type { ReactNode } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type ProfileUser, useProfile } from '../api/profile';

/** Loads GET /profile and renders the page with it; a skeleton while loading, a retry on failure. */
export function WithProfile({ children }: { children: (user: ProfileUser) => ReactNode }) {
  const t = useT();
  const q = useProfile();
  if (q.data) return <>{children(q.data)}</>;
  if (q.isError) {
    return (
      <Page className="pf-state">
        <p>{t('profile.loadError')}</p>
        <Button onClick={() => q.refetch()}>{t('profile.retry')}</Button>
      </Page>
    );
  }
  return (
    <Page aria-busy="true">
      <Skeleton height={96} />
      <Skeleton height={180} />
      <Skeleton height={220} />
    </Page>
  );
}
