import type { OrganizationRegisterBody, RegisterBody, TokensResult } from '@prepwise/contract';
import { api } from '../../lib/api-client';

export type SignInRealm = 'user' | 'admin';

export function signIn(realm: SignInRealm, body: { email: string; password: string; code?: string }) {
  return api.post<TokensResult>(`/${realm}/auth/login`, body);
}

/** Mails a sign-in code to an account whose sign-ins wait (the same answer for every email). */
export function requestSignInCode(realm: SignInRealm, email: string) {
  return api.post<{ message_key: string }>(`/${realm}/auth/sign-in-code`, { email });
}

export function signInWithGoogle(credential: string) {
  return api.post<TokensResult>('/user/auth/login-google', { credential });
}

export function registerLearner(body: RegisterBody) {
  return api.post<{ message_key: string }>('/user/auth/register', body);
}

export function requestResetCode(email: string) {
  return api.post<{ message_key: string }>('/user/auth/forgot-password', { email });
}

export function verifyResetCode(email: string, code: string) {
  return api.post<{ message_key: string }>('/user/auth/verify-reset-code', { email, code });
}

export function resetPassword(body: {
  email: string;
  code: string;
  password: string;
  password_confirmation: string;
}) {
  return api.post<{ message_key: string }>('/user/auth/reset-password', body);
}

export function registerOrganization(body: OrganizationRegisterBody) {
  return api.post<{ message_key: string }>('/public/organizations/register', body);
}
