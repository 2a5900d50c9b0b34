import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { registerMessages, useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { playerEntries } from '../../../shared/lib/player-nav';
import { type SessionUser, useSession } from '../../../shared/lib/session';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { Button } from '../../../shared/ui/button';
import { logout } from '../session-actions';
import { openAuthModal } from '../store';
import './header-account.css';

// The few words the header needs on every page; the modals' strings load with their chunk.
registerMessages('account', {
  pt: { menu: 'Menu da conta', profile: 'Meu perfil', edit: 'Editar conta', logout: 'Sair', level: 'Nível {level}' },
  en: { menu: 'Account menu', profile: 'My profile', edit: 'Edit account', logout: 'Log out', level: 'Level {level}' },
});

export type HeaderAccountProps = {
  /** The wallet's balance and deposit button, shown left of the avatar for a logged-in player. */
  balance?: ReactNode;
};

/** The header's account area: Entrar / Cadastrar for a guest; balance slot and the avatar menu for a player. */
export function HeaderAccount({ balance }: HeaderAccountProps) {
  const t = useT();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);

  if (!token) {
    return (
      <div className="app-header__auth">
        <Button variant="outline" color="default" size="sm" rounded="lg" onClick={() => openAuthModal('login')}>
          {t('app.header.login')}
        </Button>
        <Button size="sm" rounded="lg" className="app-header__register" onClick={() => openAuthModal('register')}>
          {t('app.header.register')}
        </Button>
      </div>
    );
  }
  return (
    <div className="header-account">
      {balance != null && <div className="header-account__balance">{balance}</div>}
      <UserMenu user={user} />
    </div>
  );
}

export function Avatar({ user, size = 36 }: { user: SessionUser | null; size?: number }) {
  const initials = `${user?.first_name?.[0] ?? ''}${user?.last_name?.[0] ?? ''}`.toUpperCase() || '?';
  return (
    // The initials are drawn by CSS: the menu button is named "Minha conta", and visible text that is not part of a
    // control's name confuses voice control ("click Minha conta" must find it).
    <span
      className="header-account__avatar"
      style={{ width: size, height: size }}
      aria-hidden="true"
      data-initials={user?.avatar ? undefined : initials}
    >
      {user?.avatar ? <img src={user.avatar} alt="" width={size} height={size} /> : null}
    </span>
  );
}

function UserMenu({ user }: { user: SessionUser | null }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const config = useSiteConfig();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setOpen(false), [location.pathname]);

  const onLogout = async () => {
    setOpen(false);
    await logout();
    // Nothing of the player's stays in memory for the next person at this screen.
    queryClient.clear();
  };

  return (
    <div className="header-account__menu" ref={rootRef}>
      <button
        type="button"
        className="header-account__trigger"
        aria-label={t('account.menu')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar user={user} />
      </button>
      {open && (
        <div className="header-account__dropdown" id={menuId}>
          <div className="header-account__who">
            <Avatar user={user} size={40} />
            <div>
              <strong>{user?.name ?? ''}</strong>
              <span>{t('account.level', { level: user?.level ?? 0 })}</span>
            </div>
          </div>
          <nav>
            <a
              href={localizePath('/user', locale)}
              onClick={(e) => {
                e.preventDefault();
                navigate(localizePath('/user', locale));
              }}
            >
              {t('account.profile')}
            </a>
            <a
              href={localizePath('/user/edit', locale)}
              onClick={(e) => {
                e.preventDefault();
                navigate(localizePath('/user/edit', locale));
              }}
            >
              {t('account.edit')}
            </a>
            {playerEntries(config, true).map((entry) =>
              entry.to ? (
                <a
                  key={entry.key}
                  href={localizePath(entry.to, locale)}
                  onClick={(e) => {
                    e.preventDefault();
                    setOpen(false);
                    navigate(localizePath(entry.to!, locale));
                  }}
                >
                  {t(`app.nav.${entry.key}`)}
                </a>
              ) : (
                <button
                  key={entry.key}
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    entry.action?.();
                  }}
                >
                  {t(`app.nav.${entry.key}`)}
                </button>
              ),
            )}
            <button type="button" onClick={onLogout} data-testid="logout">
              {t('account.logout')}
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
