import type { Scope } from './permissions';

export const API_BASE = '/api';

/** API realms by prefix (ARCHITECTURE §3). */
export const API_REALMS = {
  public: `${API_BASE}/public`,
  user: `${API_BASE}/user`,
  educator: `${API_BASE}/educator`,
  admin: `${API_BASE}/admin`,
} as const;

export const WEB_PATHS = {
  home: '/',
  signIn: '/sign-in',
  register: '/register',
  forgotPassword: '/forgot-password',
  registerOrganization: '/register-organization',
  profile: '/profile',
  /** The learner home (issue 14): goal, progress, streak and next steps. */
  dashboard: '/dashboard',
  changePassword: '/profile/change-password',
  blog: '/blog',
  grammar: '/grammar',
  roadmap: '/roadmap',
  tests: '/tests',
  testHistory: '/test-history',
  mistakes: '/mistakes',
  organizations: '/organizations',
  transactions: '/transactions',
  paymentSuccessful: '/payment-successful',
  paymentSimulator: '/payment-simulator',
  term: '/term',
  privacy: '/privacy',
  admin: '/admin',
  organization: '/organization',
} as const;

/** The grammar topic lessons at /grammar/{slug} (besides /grammar/tense and /grammar/comparison). */
export const GRAMMAR_LESSON_SLUGS = [
  'word-forms',
  'articles',
  'passive-voice',
  'conditionals',
  'relative-clauses',
  'modal-verbs',
  'gerunds-infinitives',
  'reported-speech',
] as const;

/** Default home of each kind of user (seed-spec §5). */
export function defaultHomeFor(scope: Scope | null | undefined): string {
  if (scope === 'admin') return WEB_PATHS.admin;
  if (scope === 'educator') return WEB_PATHS.organization;
  return WEB_PATHS.home;
}
