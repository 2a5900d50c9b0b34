import { splitLocale } from '@sorte/contracts';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHttpState } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useSession } from '../../../shared/lib/session';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { storage } from '../../../shared/lib/storage';
import { checkSession, recheckSession } from '../session-actions';
import { AGE_VERIFIED_KEY, type AuthModalName, closeAuthModal, openAuthModal, useAuthModal } from '../store';

const LoginModal = lazy(() => import('./login-modal'));
const RegisterModal = lazy(() => import('./register-modal'));
const RecoverModal = lazy(() => import('./recover-modal'));
const SelfExclusionModal = lazy(() => import('./self-exclusion-modal'));
const AgeModal = lazy(() => import('./age-modal'));

/** The routes that open a modal over the home page (spec section 2). */
const ROUTE_MODAL: Record<string, AuthModalName> = {
  '/login': 'login',
  '/register': 'register',
  '/recover-pass': 'recover',
};
const MODAL_ROUTE: Partial<Record<AuthModalName, string>> = {
  login: '/login',
  register: '/register',
  recover: '/recover-pass',
};

const REGISTER_DELAY_MS = 2000;

const modalOfPath = (pathname: string): AuthModalName | null =>
  ROUTE_MODAL[splitLocale(pathname).path.toLowerCase().replace(/\/+$/, '')] ?? null;

/** Only same-site paths are followed after login (no open redirect through ?redirect=). */
function safeRedirect(raw: string | null): string | null {
  return raw?.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : null;
}

/**
 * Mounted once under the router: checks a stored session at start, opens the account modals from their routes and
 * the header, the age gate and the 2-second registration prompt. Each modal's code loads the first time it opens.
 */
export function AuthHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLocale();
  const config = useSiteConfig();
  const token = useSession((s) => s.token);
  const selfExcluded = useSession((s) => s.selfExcluded);
  const { modal, ageGate } = useAuthModal();
  const seen = useRef(new Set<string>());

  // Session start-up (spec section 4), and a re-check whenever a call is refused with 401 (session expired).
  useEffect(() => {
    void checkSession();
    return useHttpState.subscribe((s, prev) => {
      if (s.current !== prev.current && s.current?.status === 401) void recheckSession();
    });
  }, []);

  // A login refused for self-exclusion (or a player who just excluded themselves) sees the period.
  useEffect(() => {
    if (selfExcluded) openAuthModal('self-exclusion');
  }, [selfExcluded]);

  // Age gate, then (if the age was confirmed on an earlier visit) the registration prompt after 2 s.
  useEffect(() => {
    const confirmedBefore = storage.get(AGE_VERIFIED_KEY) === 'true';
    if (!config.disable_18_popup && !confirmedBefore && !useSession.getState().token) {
      useAuthModal.setState({ ageGate: true });
    }
    if (!confirmedBefore) return;
    const timer = setTimeout(() => {
      const s = useAuthModal.getState();
      if (!useSession.getState().token && s.modal === null && !s.ageGate) openAuthModal('register');
    }, REGISTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [config.disable_18_popup]);

  // The reason the last session ended applies to the navigation it caused only.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => {
    if (useSession.getState().endedBy) useSession.setState({ endedBy: null });
  }, [location.pathname]);

  // /login, /register, /recover-pass open their modal; a logged-in player on /login goes on to the target.
  useEffect(() => {
    const wanted = modalOfPath(location.pathname);
    if (!wanted) return;
    const target = safeRedirect(new URLSearchParams(location.search).get('redirect'));
    if (useSession.getState().token) {
      navigate(target ?? localizePath('/', locale), { replace: true });
      return;
    }
    const s = useAuthModal.getState();
    if (s.modal !== wanted) openAuthModal(wanted, target ?? s.redirect);
    else if (target && s.redirect !== target) useAuthModal.setState({ redirect: target });
  }, [location.pathname, location.search, locale, navigate]);

  // On a modal route, the URL follows the modal (switching login <-> register, closing goes home).
  const modalRef = useRef(modal);
  useEffect(() => {
    if (modalRef.current === modal) return;
    modalRef.current = modal;
    const onRoute = modalOfPath(location.pathname);
    if (!onRoute || onRoute === modal) return;
    const route = modal ? MODAL_ROUTE[modal] : undefined;
    if (route) navigate(localizePath(route, locale) + location.search, { replace: true });
    else if (!useSession.getState().token) navigate(localizePath('/', locale), { replace: true });
  }, [modal, location.pathname, location.search, locale, navigate]);

  // The login modal is for guests only.
  useEffect(() => {
    if (token && (modal === 'login' || modal === 'register' || modal === 'recover')) closeAuthModal();
  }, [token, modal]);

  const onAuthenticated = () => {
    const target = safeRedirect(useAuthModal.getState().redirect);
    closeAuthModal();
    if (target) navigate(target, { replace: true });
    else if (modalOfPath(window.location.pathname)) navigate(localizePath('/', locale), { replace: true });
  };

  if (modal) seen.current.add(modal);
  if (ageGate) seen.current.add('age');
  const has = (name: string) => seen.current.has(name);
  const guest = !token;

  return (
    <Suspense fallback={null}>
      {has('login') && (
        <LoginModal open={modal === 'login' && guest} onClose={closeAuthModal} onAuthenticated={onAuthenticated} />
      )}
      {has('register') && (
        <RegisterModal
          open={modal === 'register' && guest}
          onClose={closeAuthModal}
          onAuthenticated={onAuthenticated}
        />
      )}
      {has('recover') && (
        <RecoverModal open={modal === 'recover' && guest} onClose={closeAuthModal} onAuthenticated={onAuthenticated} />
      )}
      {has('self-exclusion') && <SelfExclusionModal open={modal === 'self-exclusion'} onClose={closeAuthModal} />}
      {has('age') && (
        <AgeModal
          open={ageGate}
          onConfirm={() => {
            storage.set(AGE_VERIFIED_KEY, 'true');
            useAuthModal.setState({ ageGate: false });
          }}
        />
      )}
    </Suspense>
  );
}
