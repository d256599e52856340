/*
 * Where the learner home's links go. The same addresses as the practice and assignments features'
 * helpers; kept here so this page does not load those features (their indexes pull in the back office).
 */

const enc = (value: string) => encodeURIComponent(value);

export const examPath = (testSlug: string, attemptId: string, organizationSlug: string | null) =>
  organizationSlug
    ? `/organizations/${enc(organizationSlug)}/test/${enc(testSlug)}/exam/${enc(attemptId)}`
    : `/tests/${enc(testSlug)}/exam/${enc(attemptId)}`;

export const resultPath = (testSlug: string, attemptId: string, organizationSlug: string | null) =>
  organizationSlug
    ? `/organizations/${enc(organizationSlug)}/test/${enc(testSlug)}/result/${enc(attemptId)}`
    : `/test-history/${enc(testSlug)}/result/${enc(attemptId)}`;

export const assignedTestPath = (organizationSlug: string, testSlug: string) =>
  `/organizations/${enc(organizationSlug)}/test/${enc(testSlug)}`;

export const testPath = (slug: string) => `/tests/${enc(slug)}`;
