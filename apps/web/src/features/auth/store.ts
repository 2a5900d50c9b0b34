import { create } from 'zustand';

export type AuthModalName = 'login' | 'register' | 'recover' | 'self-exclusion';

type AuthModalState = {
  modal: AuthModalName | null;
  /** Where to go after a successful login (an auth-only page the guest was sent away from). */
  redirect: string | null;
  /** The age gate is separate: it can sit on top of any other modal. */
  ageGate: boolean;
};

/** Which account modal is open. The routes /login, /register and /recover-pass open theirs through this store. */
export const useAuthModal = create<AuthModalState>(() => ({ modal: null, redirect: null, ageGate: false }));

export function openAuthModal(modal: AuthModalName, redirect: string | null = null): void {
  useAuthModal.setState({ modal, redirect });
}

export function closeAuthModal(): void {
  useAuthModal.setState({ modal: null, redirect: null });
}

export const AGE_VERIFIED_KEY = 'ageVerified';
export const RECENTS_KEY = 'recents';
