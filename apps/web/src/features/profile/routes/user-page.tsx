import '../locales/register';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { Slot } from '../../../shared/lib/slots';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { LanguageCard, PrivacyCard, RankCard, SelfExclusionCard } from '../components/cards';
import { ProfileHeader } from '../components/profile-header';
import { WithProfile } from '../components/profile-shell';
import '../profile.css';

/** /user: the player's profile: photo, rank, privacy switches, language, self-exclusion. */
export default function UserPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <WithProfile>
      {(user) => (
        <Page data-testid="profile-page">
          <div className="pf-top">
            <ProfileHeader user={user} />
            <Button to={localizePath('/user/edit', locale)} variant="outline" color="default">
              {t('profile.edit')}
            </Button>
          </div>
          <div className="pf-grid">
            {/* The vip feature's card when it is built in; the plain rank figures otherwise. */}
            <Slot name="profile.vipCard">
              <RankCard user={user} />
            </Slot>
            <LanguageCard user={user} />
            <PrivacyCard user={user} />
            <SelfExclusionCard />
          </div>
        </Page>
      )}
    </WithProfile>
  );
}
