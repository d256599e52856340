import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  googleLoginBodySchema,
  loginBodySchema,
  MESSAGE_KEYS,
  messageResultSchema,
  okEnvelope,
  REFRESH_TOKEN_COOKIE,
  refreshBodySchema,
  refreshResultSchema,
  registerBodySchema,
  registerResultSchema,
  resetPasswordBodySchema,
  STRATEGIES,
  type Strategy,
  sessionUserSchema,
  signInCodeBodySchema,
  tokensResultSchema,
  updateProfileBodySchema,
  verifyResetCodeBodySchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorsOf, ok } from '../../http/reply';
import { AppError } from '../../lib/errors';
import { verifyGoogleIdToken } from '../../lib/google';
import { clientMeta } from '../../lib/request-meta';
import { TokenError, verifyAccessToken } from '../../lib/tokens';
import { readAccessToken, requireAuth, requireContext } from '../../plugins/auth';
import { clearAuthCookies, setAuthCookies } from './auth.cookies';
import * as auth from './auth.service';

const errors = errorsOf(400, 401, 403, 422, 429);
const messageResponse = { 200: okEnvelope(messageResultSchema), ...errors };

/** `/api/user/auth/*`, `/api/admin/auth/*` and `/api/educator/auth/*` (seed-spec §7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const cookieOptions = () => ({
    secure: app.config.publicUrl.startsWith('https://'),
    maxAgeSeconds: app.config.auth.refreshTokenTtlDays * 86_400,
  });
  await auth.definePasswordResetJob(deps);
  await auth.defineSignInCodeJob(deps);

  for (const realm of ['user', 'admin'] as const) {
    const strategies: Strategy[] = realm === 'admin' ? ['admin'] : ['user', 'educator'];
    const signedIn = requireAuth({ strategies });

    app.post(
      `/${realm}/auth/login`,
      {
        schema: {
          tags: ['auth'],
          summary: realm === 'admin' ? 'Staff sign-in' : 'Learner and educator sign-in',
          body: loginBodySchema,
          response: { 200: okEnvelope(tokensResultSchema), ...errors },
        },
      },
      async (request, reply) => {
        const result = await auth.login(deps, request.body, realm, clientMeta(request));
        setAuthCookies(reply, result, cookieOptions());
        return ok(result);
      },
    );

    app.post(
      `/${realm}/auth/sign-in-code`,
      {
        schema: {
          tags: ['auth'],
          summary:
            'Mail a sign-in code to an account whose sign-ins wait (the same answer for every email; sent only then)',
          body: signInCodeBodySchema,
          response: messageResponse,
        },
      },
      async (request) => {
        await auth.requestSignInCode(deps, request.body.email, clientMeta(request).locale);
        return ok({ message_key: MESSAGE_KEYS.signInCodeSent });
      },
    );

    app.get(
      `/${realm}/auth/info`,
      {
        preHandler: signedIn,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          response: { 200: okEnvelope(sessionUserSchema), ...errors },
        },
      },
      async (request) => ok(await auth.getSessionUser(app.db, requireContext(request).user.id)),
    );

    app.put(
      realm === 'admin' ? '/admin/auth/update-profile' : '/user/auth/update',
      {
        preHandler: signedIn,
        schema: {
          tags: ['auth'],
          summary: 'Update the signed-in user profile',
          body: updateProfileBodySchema,
          response: { 200: okEnvelope(sessionUserSchema), ...errors },
        },
      },
      async (request) =>
        ok(await auth.updateProfile(app.db, requireContext(request).user.id, request.body, app.now())),
    );

    app.put(
      `/${realm}/auth/change-password`,
      {
        preHandler: signedIn,
        schema: {
          tags: ['auth'],
          summary: 'Change password (ends the other sessions)',
          body: changePasswordBodySchema,
          response: messageResponse,
        },
      },
      async (request) => {
        const context = requireContext(request);
        await auth.changePassword(
          deps,
          { userId: context.user.id, sessionId: context.sessionId },
          request.body,
        );
        return ok({ message_key: MESSAGE_KEYS.passwordChanged });
      },
    );
  }

  for (const strategy of STRATEGIES) {
    app.post(
      `/${strategy}/auth/refresh-token`,
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token (body or cookie) for new tokens; each refresh token works once',
          body: refreshBodySchema,
          response: { 200: okEnvelope(refreshResultSchema), ...errors },
        },
      },
      async (request, reply) => {
        const token = request.body?.refresh_token ?? request.cookies[REFRESH_TOKEN_COOKIE];
        try {
          const result = await auth.refresh(deps, token, strategy);
          setAuthCookies(reply, result, cookieOptions());
          return ok(result);
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 401) clearAuthCookies(reply);
          throw error;
        }
      },
    );

    app.post(
      `/${strategy}/auth/logout`,
      {
        schema: {
          tags: ['auth'],
          summary: 'End this session',
          body: refreshBodySchema,
          response: messageResponse,
        },
      },
      async (request, reply) => {
        const refreshToken = request.body?.refresh_token ?? request.cookies[REFRESH_TOKEN_COOKIE];
        let sessionId: string | undefined;
        const accessToken = readAccessToken(request);
        if (accessToken) {
          sessionId = await verifyAccessToken(app.config.secrets.jwt, accessToken).then(
            (claims) => claims.sid,
            (error: unknown) => (error instanceof TokenError ? undefined : Promise.reject(error)),
          );
        }
        await auth.logout(deps, refreshToken, sessionId);
        clearAuthCookies(reply);
        return ok({ message_key: MESSAGE_KEYS.signedOut });
      },
    );
  }

  app.post(
    '/user/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a learner account and sign it in (a taken email: the same message, no session)',
        body: registerBodySchema,
        response: { 200: okEnvelope(registerResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const meta = clientMeta(request);
      const userId = await auth.registerLearner(deps, request.body, meta);
      if (userId === null) return ok({ message_key: MESSAGE_KEYS.registered, signed_in: false });
      setAuthCookies(reply, await auth.startLearnerSession(deps, userId, meta), cookieOptions());
      return ok({ message_key: MESSAGE_KEYS.registered, signed_in: true });
    },
  );

  app.post(
    '/user/auth/login-google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token (creates the account on first use)',
        body: googleLoginBodySchema,
        response: { 200: okEnvelope(tokensResultSchema), ...errorsOf(503), ...errors },
      },
    },
    async (request, reply) => {
      const { clientId, jwksUrl } = app.config.google;
      if (!clientId) throw new AppError(503, 'GOOGLE_SIGN_IN_DISABLED', 'Google sign-in is not configured');
      const identity = await verifyGoogleIdToken(request.body.credential, { clientId, jwksUrl }).catch(
        (error: unknown) => {
          request.log.info({ err: error }, 'Google ID token refused');
          throw new AppError(401, 'INVALID_TOKEN', 'The Google credential is not valid');
        },
      );
      const result = await auth.loginWithGoogle(deps, identity, clientMeta(request));
      setAuthCookies(reply, result, cookieOptions());
      return ok(result);
    },
  );

  app.post(
    '/user/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a 6-digit reset code (the same answer whether or not the email exists)',
        body: forgotPasswordBodySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      await auth.requestPasswordReset(deps, request.body.email, clientMeta(request).locale);
      return ok({ message_key: MESSAGE_KEYS.resetCodeSent });
    },
  );

  app.post(
    '/user/auth/verify-reset-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a reset code',
        body: verifyResetCodeBodySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      await auth.verifyResetCode(deps, request.body.email, request.body.code);
      return ok({ message_key: MESSAGE_KEYS.resetCodeValid });
    },
  );

  app.post(
    '/user/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset code (ends every session)',
        body: resetPasswordBodySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      await auth.resetPassword(deps, request.body);
      return ok({ message_key: MESSAGE_KEYS.passwordReset });
    },
  );
};
