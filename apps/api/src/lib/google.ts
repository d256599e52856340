import { createRemoteJWKSet, jwtVerify } from 'jose';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Verifies a Google ID token: RS256 signature against Google's published keys, audience, issuer, expiry. */
export async function verifyGoogleIdToken(
  credential: string,
  options: { clientId: string; jwksUrl: string },
) {
  let keySet = keySets.get(options.jwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(options.jwksUrl), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
    });
    keySets.set(options.jwksUrl, keySet);
  }
  const { payload } = await jwtVerify(credential, keySet, {
    algorithms: ['RS256'],
    audience: options.clientId,
    issuer: GOOGLE_ISSUERS,
    requiredClaims: ['sub', 'email', 'exp'],
  });
  return {
    sub: String(payload.sub),
    email: String(payload.email),
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: typeof payload.name === 'string' ? payload.name : undefined,
    picture: typeof payload.picture === 'string' ? payload.picture : undefined,
  };
}
