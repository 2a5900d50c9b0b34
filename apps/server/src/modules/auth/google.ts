import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';

export type GoogleIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string | null };

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Google's signing keys, fetched from the configured JWKS URL and cached (jose refreshes on an unknown kid). */
export function googleKeySet(url: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(url), { cacheMaxAge: 10 * 60_000, timeoutDuration: 5000 });
}

/**
 * Checks a Google ID token as Google documents it: RS256 signature by a key of the set, issuer accounts.google.com,
 * audience = the tenant's OAuth client id, not expired. Null for any failure; the caller answers one 401.
 */
export async function verifyGoogleIdToken(
  keys: JWTVerifyGetKey,
  idToken: string,
  audience: string,
): Promise<GoogleIdentity | null> {
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: ISSUERS,
      audience,
      algorithms: ['RS256'],
      clockTolerance: 30,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || !payload.sub) return null;
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : null,
    };
  } catch {
    return null;
  }
}
