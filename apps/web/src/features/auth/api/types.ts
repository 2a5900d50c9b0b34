import type { SessionUser } from '../../../shared/lib/session';

export type AuthResult = { token: string; user: SessionUser };
export type CodeSent = { message: string; channel?: 'sms' | 'email'; resend_in: number; expires_in: number };
