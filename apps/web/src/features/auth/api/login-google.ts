import type { GoogleBody } from '@sorte/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import type { AuthResult } from './types';

/** POST /auth/google {idToken}: the credential Google Identity Services hands back. */
export const loginWithGoogle = (idToken: string) =>
  http.post<AuthResult>('/auth/google', { idToken } satisfies z.input<typeof GoogleBody>);
