import type { OrganizationRegisterBody, RegisterBody } from '@prepwise/contract';
import { apiClient } from '../../lib/api-client';

export type SignInRealm = 'user' | 'admin';

export function signIn(realm: SignInRealm, body: { email: string; password: string; code?: string }) {
  return apiClient.post(`/${realm}/auth/login`, { body });
}

/** Mails a sign-in code to an account whose sign-ins wait (the same answer for every email). */
export function requestSignInCode(realm: SignInRealm, email: string) {
  return apiClient.post(`/${realm}/auth/sign-in-code`, { body: { email } });
}

export function signInWithGoogle(credential: string) {
  return apiClient.post('/user/auth/login-google', { body: { credential } });
}

export function registerLearner(body: RegisterBody) {
  return apiClient.post('/user/auth/register', { body });
}

export function requestResetCode(email: string) {
  return apiClient.post('/user/auth/forgot-password', { body: { email } });
}

export function verifyResetCode(email: string, code: string) {
  return apiClient.post('/user/auth/verify-reset-code', { body: { email, code } });
}

export function resetPassword(body: {
  email: string;
  code: string;
  password: string;
  password_confirmation: string;
}) {
  return apiClient.post('/user/auth/reset-password', { body });
}

export function registerOrganization(body: OrganizationRegisterBody) {
  return apiClient.post('/public/organizations/register', { body });
}
