import type { SessionUser } from '../../../shared/lib/session';

export type AuthResult = { token: string; user: SessionUser };
export type { CodeSentReply as CodeSent } from '@sorte/contracts';
