import '../locales/register';
import { NavLink } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { Page } from '../../../shared/ui/page';
import { AccessDataTab } from '../components/access-data-tab';
import { PersonalDataTab } from '../components/personal-data-tab';
import { ProfileHeader } from '../components/profile-header';
import { WithProfile } from '../components/profile-shell';
import { VerificationTab } from '../components/verification-tab';
import '../profile.css';

type Tab = 'access-data' | 'personal-data' | 'verification';
const TABS: { id: Tab; key: string }[] = [
  { id: 'access-data', key: 'profile.tabs.access' },
  { id: 'personal-data', key: 'profile.tabs.personal' },
  { id: 'verification', key: 'profile.tabs.verification' },
];

const tabOf = (routeName: string): Tab =>
  routeName === 'user-personal-data'
    ? 'personal-data'
    : routeName === 'user-verification'
      ? 'verification'
      : 'access-data';

/** /user/edit and its children: access data (password), personal data, verification. */
export default function UserEditPage({ route }: { route: { name: string } }) {
  const t = useT();
  const locale = useLocale();
  const tab = tabOf(route.name);
  return (
    <WithProfile>
      {(user) => (
        <Page data-testid="edit-page">
          <ProfileHeader user={user} />
          <nav className="pf-tabs" aria-label={t('profile.tabs.label')}>
            {TABS.map((item) => (
              <NavLink
                key={item.id}
                to={localizePath(`/user/edit/${item.id}`, locale)}
                className={item.id === tab ? 'is-active' : undefined}
                aria-current={item.id === tab ? 'page' : undefined}
                replace
              >
                {t(item.key)}
              </NavLink>
            ))}
          </nav>
          {tab === 'access-data' && <AccessDataTab user={user} />}
          {tab === 'personal-data' && <PersonalDataTab key={user.name} user={user} />}
          {tab === 'verification' && <VerificationTab user={user} />}
        </Page>
      )}
    </WithProfile>
  );
}
