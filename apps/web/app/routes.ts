import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/*
 * Every page sits below the session layout (session read + route guard). A back-office page is declared
 * once, in its feature's page manifest (features/<feature>/pages.ts, see lib/page-manifest.ts), which
 * gives its route below, its guard and its menu entry. Every other page's guard is declared in
 * app/lib/route-access.ts; a unit test fails when a page here is missing there.
 */
export default [
  route('preferences/locale', 'routes/public/set-locale.ts'),
  route('preferences/color-scheme', 'routes/public/set-color-scheme.ts'),
  layout('routes/session-layout.tsx', { id: 'session' }, [
    layout('routes/auth/auth-layout.tsx', [
      route('sign-in', 'routes/auth/sign-in.tsx'),
      route('register', 'routes/auth/register.tsx'),
      route('forgot-password', 'routes/auth/forgot-password.tsx'),
      route('register-organization', 'routes/auth/register-organization.tsx'),
    ]),
    // The back office (/admin, /organization): written from the page manifests by
    // `node --import tsx apps/web/scripts/back-office-routes.ts`; edit the manifests, not these lines.
    // <back-office-routes>
    // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
    route('admin', 'routes/admin/admin-layout.tsx', [
      // features/back-office/pages.ts
      index('routes/admin/home.tsx', { id: 'platform/back-office/home' }),
      // features/account/pages.ts
      route('profile', 'routes/admin/profile.tsx', { id: 'platform/account/profile' }),
      route('profile/change-password', 'routes/admin/change-password.tsx', { id: 'platform/account/change-password' }),
      // features/admin-accounts/pages.ts
      route('staffs/list', 'routes/back-office/staffs/staff-list.tsx', { id: 'platform/admin-accounts/staff-list' }),
      route('staffs/list/create', 'routes/back-office/staffs/staff-create.tsx', { id: 'platform/admin-accounts/staff-create' }),
      route('staffs/list/:id/edit', 'routes/back-office/staffs/staff-edit.tsx', { id: 'platform/admin-accounts/staff-edit' }),
      route('staffs/list/:id/detail', 'routes/back-office/staffs/staff-detail.tsx', { id: 'platform/admin-accounts/staff-detail' }),
      route('staffs/role', 'routes/back-office/staffs/role-list.tsx', { id: 'platform/admin-accounts/role-list' }),
      route('staffs/role/create', 'routes/back-office/staffs/role-create.tsx', { id: 'platform/admin-accounts/role-create' }),
      route('staffs/role/:id/edit', 'routes/back-office/staffs/role-edit.tsx', { id: 'platform/admin-accounts/role-edit' }),
      // features/admin-accounts/pages.ts, on one organization
      route('organization-management/list/:organizationId/staff/create', 'routes/admin/organization-management/organization-staff-create.tsx', { id: 'managed-organization/admin-accounts/staff-create' }),
      route('organization-management/list/:organizationId/staff/:id/edit', 'routes/admin/organization-management/organization-staff-edit.tsx', { id: 'managed-organization/admin-accounts/staff-edit' }),
      route('organization-management/list/:organizationId/staff/:id/detail', 'routes/admin/organization-management/organization-staff-detail.tsx', { id: 'managed-organization/admin-accounts/staff-detail' }),
      // features/blog/pages.ts
      route('blog', 'routes/admin/blog/post-list.tsx', { id: 'platform/blog/post-list' }),
      route('blog/create', 'routes/admin/blog/post-create.tsx', { id: 'platform/blog/post-create' }),
      route('blog/:id/edit', 'routes/admin/blog/post-edit.tsx', { id: 'platform/blog/post-edit' }),
      route('blog-category', 'routes/admin/blog-category/category-list.tsx', { id: 'platform/blog/category-list' }),
      route('blog-category/create', 'routes/admin/blog-category/category-create.tsx', { id: 'platform/blog/category-create' }),
      route('blog-category/:id/edit', 'routes/admin/blog-category/category-edit.tsx', { id: 'platform/blog/category-edit' }),
      // features/pages/pages.ts
      route('pages', 'routes/admin/pages/page-list.tsx', { id: 'platform/pages/page-list' }),
      route('pages/create', 'routes/admin/pages/page-create.tsx', { id: 'platform/pages/page-create' }),
      route('pages/:id/edit', 'routes/admin/pages/page-edit.tsx', { id: 'platform/pages/page-edit' }),
      // features/exam-structure/pages.ts
      route('category', 'routes/back-office/category/category-list.tsx', { id: 'platform/exam-structure/category-list' }),
      route('category/create', 'routes/back-office/category/category-create.tsx', { id: 'platform/exam-structure/category-create' }),
      route('category/:categoryId', 'routes/back-office/category/category-detail.tsx', { id: 'platform/exam-structure/category-detail' }),
      route('category/:categoryId/edit', 'routes/back-office/category/category-edit.tsx', { id: 'platform/exam-structure/category-edit' }),
      route('category/:categoryId/create', 'routes/back-office/category/exam-create.tsx', { id: 'platform/exam-structure/exam-create' }),
      route('category/:categoryId/:examId', 'routes/back-office/category/exam-detail.tsx', { id: 'platform/exam-structure/exam-detail' }),
      route('category/:categoryId/:examId/edit', 'routes/back-office/category/exam-edit.tsx', { id: 'platform/exam-structure/exam-edit' }),
      route('category/:categoryId/:examId/create', 'routes/back-office/category/format-create.tsx', { id: 'platform/exam-structure/format-create' }),
      route('category/:categoryId/:examId/:formatId/edit', 'routes/back-office/category/format-edit.tsx', { id: 'platform/exam-structure/format-edit' }),
      route('level', 'routes/back-office/level/level-list.tsx', { id: 'platform/exam-structure/level-list' }),
      route('level/create', 'routes/back-office/level/level-create.tsx', { id: 'platform/exam-structure/level-create' }),
      route('level/:id/edit', 'routes/back-office/level/level-edit.tsx', { id: 'platform/exam-structure/level-edit' }),
      route('question-type', 'routes/back-office/question-type/question-type-list.tsx', { id: 'platform/exam-structure/question-type-list' }),
      route('question-type/create', 'routes/back-office/question-type/question-type-create.tsx', { id: 'platform/exam-structure/question-type-create' }),
      route('question-type/:id/edit', 'routes/back-office/question-type/question-type-edit.tsx', { id: 'platform/exam-structure/question-type-edit' }),
      route('point-config', 'routes/back-office/point-config/point-config-list.tsx', { id: 'platform/exam-structure/point-config-list' }),
      route('point-config/create', 'routes/back-office/point-config/point-config-create.tsx', { id: 'platform/exam-structure/point-config-create' }),
      route('point-config/:id/edit', 'routes/back-office/point-config/point-config-edit.tsx', { id: 'platform/exam-structure/point-config-edit' }),
      // features/question-bank/pages.ts
      route('question-bank/single', 'routes/back-office/question-bank/single-list.tsx', { id: 'platform/question-bank/single-list' }),
      route('question-bank/single/create', 'routes/back-office/question-bank/single-create.tsx', { id: 'platform/question-bank/single-create' }),
      route('question-bank/single/:id/edit', 'routes/back-office/question-bank/single-edit.tsx', { id: 'platform/question-bank/single-edit' }),
      route('question-bank/group', 'routes/back-office/question-bank/group-list.tsx', { id: 'platform/question-bank/group-list' }),
      route('question-bank/group/create', 'routes/back-office/question-bank/group-create.tsx', { id: 'platform/question-bank/group-create' }),
      route('question-bank/group/:id/edit', 'routes/back-office/question-bank/group-edit.tsx', { id: 'platform/question-bank/group-edit' }),
      route('question-bank/import', 'routes/back-office/question-bank/import.tsx', { id: 'platform/question-bank/import' }),
      // features/ai-generation/pages.ts
      route('question-bank/generate', 'routes/back-office/question-bank/generate-list.tsx', { id: 'platform/ai-generation/generate-list' }),
      route('question-bank/generate/create', 'routes/back-office/question-bank/generate-create.tsx', { id: 'platform/ai-generation/generate-create' }),
      route('question-bank/generate/:id/detail', 'routes/back-office/question-bank/generate-detail.tsx', { id: 'platform/ai-generation/generate-detail' }),
      route('question-bank/ai', 'routes/back-office/question-bank/ai-list.tsx', { id: 'platform/ai-generation/review-list' }),
      route('question-bank/ai/:id/edit', 'routes/back-office/question-bank/ai-edit.tsx', { id: 'platform/ai-generation/review-edit' }),
      route('question-bank/single/ai', 'routes/back-office/question-bank/single-ai.tsx', { id: 'platform/ai-generation/single' }),
      route('question-bank/single/ai/:id', 'routes/back-office/question-bank/single-ai-result.tsx', { id: 'platform/ai-generation/single-result' }),
      route('question-bank/group/ai', 'routes/back-office/question-bank/group-ai.tsx', { id: 'platform/ai-generation/group' }),
      route('question-bank/group/ai/:id', 'routes/back-office/question-bank/group-ai-result.tsx', { id: 'platform/ai-generation/group-result' }),
      // features/practice-tests/pages.ts
      route('test', 'routes/admin/test/test-list.tsx', { id: 'platform/practice-tests/test-list' }),
      route('test/create', 'routes/back-office/test/test-create.tsx', { id: 'platform/practice-tests/test-create' }),
      route('test/:id/edit', 'routes/back-office/test/test-edit.tsx', { id: 'platform/practice-tests/test-edit' }),
      route('test/:id/detail', 'routes/back-office/test/test-detail.tsx', { id: 'platform/practice-tests/test-detail' }),
      route('pack-exam', 'routes/admin/pack-exam/pack-list.tsx', { id: 'platform/practice-tests/pack-list' }),
      route('pack-exam/create', 'routes/admin/pack-exam/pack-create.tsx', { id: 'platform/practice-tests/pack-create' }),
      route('pack-exam/:id/edit', 'routes/admin/pack-exam/pack-edit.tsx', { id: 'platform/practice-tests/pack-edit' }),
      // features/learners/pages.ts
      route('students', 'routes/admin/students/student-list.tsx', { id: 'platform/learners/learner-list' }),
      route('students/:id', 'routes/admin/students/student-detail.tsx', { id: 'platform/learners/learner-detail' }),
      route('students/:id/edit', 'routes/admin/students/student-edit.tsx', { id: 'platform/learners/learner-edit' }),
      route('students/:id/test/:testId', 'routes/back-office/students/student-test.tsx', { id: 'platform/learners/learner-test' }),
      route('students/:id/test/:testId/result/:resultId', 'routes/back-office/students/student-result.tsx', { id: 'platform/learners/learner-result' }),
      // features/students/pages.ts, on one organization
      route('organization-management/list/:organizationId/:id', 'routes/admin/organization-students/student-detail.tsx', { id: 'managed-organization/students/student-detail' }),
      route('organization-management/list/:organizationId/:id/edit', 'routes/admin/organization-students/student-edit.tsx', { id: 'managed-organization/students/student-edit' }),
      // features/analytics/pages.ts
      route('analytics', 'routes/back-office/analytics/analytics.tsx', { id: 'platform/analytics/analytics' }),
      // features/marking/pages.ts
      route('marking', 'routes/back-office/marking/marking-queue.tsx', { id: 'platform/marking/marking-queue' }),
      // features/payments/pages.ts
      route('transactions', 'routes/back-office/transactions.tsx', { id: 'platform/payments/transactions' }),
      route('organization-packages', 'routes/admin/organization-packages/package-list.tsx', { id: 'platform/payments/package-list' }),
      route('organization-packages/create', 'routes/admin/organization-packages/package-create.tsx', { id: 'platform/payments/package-create' }),
      route('organization-packages/:id/edit', 'routes/admin/organization-packages/package-edit.tsx', { id: 'platform/payments/package-edit' }),
      // features/vocabulary/pages.ts
      route('vocabulary/topic', 'routes/admin/vocabulary/topic-list.tsx', { id: 'platform/vocabulary/topic-list' }),
      route('vocabulary/topic/create', 'routes/admin/vocabulary/topic-create.tsx', { id: 'platform/vocabulary/topic-create' }),
      route('vocabulary/topic/:id/edit', 'routes/admin/vocabulary/topic-edit.tsx', { id: 'platform/vocabulary/topic-edit' }),
      route('vocabulary/list', 'routes/admin/vocabulary/word-list.tsx', { id: 'platform/vocabulary/word-list' }),
      route('vocabulary/list/create', 'routes/admin/vocabulary/word-create.tsx', { id: 'platform/vocabulary/word-create' }),
      route('vocabulary/list/import', 'routes/admin/vocabulary/word-import.tsx', { id: 'platform/vocabulary/word-import' }),
      route('vocabulary/list/:id/edit', 'routes/admin/vocabulary/word-edit.tsx', { id: 'platform/vocabulary/word-edit' }),
      // features/organizations/pages.ts
      route('organization-management/list', 'routes/admin/organization-management/organization-list.tsx', { id: 'platform/organizations/organization-list' }),
      route('organization-management/list/create', 'routes/admin/organization-management/organization-create.tsx', { id: 'platform/organizations/organization-create' }),
      route('organization-management/list/:organizationId', 'routes/admin/organization-management/organization-detail.tsx', { id: 'platform/organizations/organization-detail' }),
      route('organization-management/list/:organizationId/edit', 'routes/admin/organization-management/organization-edit.tsx', { id: 'platform/organizations/organization-edit' }),
      route('organization-management/approve', 'routes/admin/organization-management/organization-approve.tsx', { id: 'platform/organizations/approval-queue' }),
      route('organization-management/approve/:id/detail', 'routes/admin/organization-management/organization-review.tsx', { id: 'platform/organizations/approval-review' }),
    ]),
    // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
    route('organization', 'routes/organization/organization-layout.tsx', [
      // features/organization-portal/pages.ts
      index('routes/organization/home.tsx', { id: 'organization/organization-portal/home' }),
      route('profile', 'routes/organization/profile.tsx', { id: 'organization/organization-portal/profile' }),
      // features/admin-accounts/pages.ts
      route('staffs/list', 'routes/back-office/staffs/staff-list.tsx', { id: 'organization/admin-accounts/staff-list' }),
      route('staffs/list/create', 'routes/back-office/staffs/staff-create.tsx', { id: 'organization/admin-accounts/staff-create' }),
      route('staffs/list/:id/edit', 'routes/back-office/staffs/staff-edit.tsx', { id: 'organization/admin-accounts/staff-edit' }),
      route('staffs/list/:id/detail', 'routes/back-office/staffs/staff-detail.tsx', { id: 'organization/admin-accounts/staff-detail' }),
      route('staffs/role', 'routes/back-office/staffs/role-list.tsx', { id: 'organization/admin-accounts/role-list' }),
      route('staffs/role/create', 'routes/back-office/staffs/role-create.tsx', { id: 'organization/admin-accounts/role-create' }),
      route('staffs/role/:id/edit', 'routes/back-office/staffs/role-edit.tsx', { id: 'organization/admin-accounts/role-edit' }),
      // features/exam-structure/pages.ts
      route('category', 'routes/back-office/category/category-list.tsx', { id: 'organization/exam-structure/category-list' }),
      route('category/create', 'routes/back-office/category/category-create.tsx', { id: 'organization/exam-structure/category-create' }),
      route('category/:categoryId', 'routes/back-office/category/category-detail.tsx', { id: 'organization/exam-structure/category-detail' }),
      route('category/:categoryId/edit', 'routes/back-office/category/category-edit.tsx', { id: 'organization/exam-structure/category-edit' }),
      route('category/:categoryId/create', 'routes/back-office/category/exam-create.tsx', { id: 'organization/exam-structure/exam-create' }),
      route('category/:categoryId/:examId', 'routes/back-office/category/exam-detail.tsx', { id: 'organization/exam-structure/exam-detail' }),
      route('category/:categoryId/:examId/edit', 'routes/back-office/category/exam-edit.tsx', { id: 'organization/exam-structure/exam-edit' }),
      route('category/:categoryId/:examId/create', 'routes/back-office/category/format-create.tsx', { id: 'organization/exam-structure/format-create' }),
      route('category/:categoryId/:examId/:formatId/edit', 'routes/back-office/category/format-edit.tsx', { id: 'organization/exam-structure/format-edit' }),
      route('level', 'routes/back-office/level/level-list.tsx', { id: 'organization/exam-structure/level-list' }),
      route('level/create', 'routes/back-office/level/level-create.tsx', { id: 'organization/exam-structure/level-create' }),
      route('level/:id/edit', 'routes/back-office/level/level-edit.tsx', { id: 'organization/exam-structure/level-edit' }),
      route('question-type', 'routes/back-office/question-type/question-type-list.tsx', { id: 'organization/exam-structure/question-type-list' }),
      route('question-type/create', 'routes/back-office/question-type/question-type-create.tsx', { id: 'organization/exam-structure/question-type-create' }),
      route('question-type/:id/edit', 'routes/back-office/question-type/question-type-edit.tsx', { id: 'organization/exam-structure/question-type-edit' }),
      route('point-config', 'routes/back-office/point-config/point-config-list.tsx', { id: 'organization/exam-structure/point-config-list' }),
      route('point-config/create', 'routes/back-office/point-config/point-config-create.tsx', { id: 'organization/exam-structure/point-config-create' }),
      route('point-config/:id/edit', 'routes/back-office/point-config/point-config-edit.tsx', { id: 'organization/exam-structure/point-config-edit' }),
      // features/question-bank/pages.ts
      route('question-bank/single', 'routes/back-office/question-bank/single-list.tsx', { id: 'organization/question-bank/single-list' }),
      route('question-bank/single/create', 'routes/back-office/question-bank/single-create.tsx', { id: 'organization/question-bank/single-create' }),
      route('question-bank/single/:id/edit', 'routes/back-office/question-bank/single-edit.tsx', { id: 'organization/question-bank/single-edit' }),
      route('question-bank/group', 'routes/back-office/question-bank/group-list.tsx', { id: 'organization/question-bank/group-list' }),
      route('question-bank/group/create', 'routes/back-office/question-bank/group-create.tsx', { id: 'organization/question-bank/group-create' }),
      route('question-bank/group/:id/edit', 'routes/back-office/question-bank/group-edit.tsx', { id: 'organization/question-bank/group-edit' }),
      route('question-bank/import', 'routes/back-office/question-bank/import.tsx', { id: 'organization/question-bank/import' }),
      // features/ai-generation/pages.ts
      route('question-bank/generate', 'routes/back-office/question-bank/generate-list.tsx', { id: 'organization/ai-generation/generate-list' }),
      route('question-bank/generate/create', 'routes/back-office/question-bank/generate-create.tsx', { id: 'organization/ai-generation/generate-create' }),
      route('question-bank/generate/:id/detail', 'routes/back-office/question-bank/generate-detail.tsx', { id: 'organization/ai-generation/generate-detail' }),
      route('question-bank/ai', 'routes/back-office/question-bank/ai-list.tsx', { id: 'organization/ai-generation/review-list' }),
      route('question-bank/ai/:id/edit', 'routes/back-office/question-bank/ai-edit.tsx', { id: 'organization/ai-generation/review-edit' }),
      route('question-bank/single/ai', 'routes/back-office/question-bank/single-ai.tsx', { id: 'organization/ai-generation/single' }),
      route('question-bank/single/ai/:id', 'routes/back-office/question-bank/single-ai-result.tsx', { id: 'organization/ai-generation/single-result' }),
      route('question-bank/group/ai', 'routes/back-office/question-bank/group-ai.tsx', { id: 'organization/ai-generation/group' }),
      route('question-bank/group/ai/:id', 'routes/back-office/question-bank/group-ai-result.tsx', { id: 'organization/ai-generation/group-result' }),
      // features/practice-tests/pages.ts
      route('test/manual/create', 'routes/back-office/test/test-create.tsx', { id: 'organization/practice-tests/test-create' }),
      route('test/manual/:id/edit', 'routes/back-office/test/test-edit.tsx', { id: 'organization/practice-tests/test-edit' }),
      route('test/manual/:id/detail', 'routes/back-office/test/test-detail.tsx', { id: 'organization/practice-tests/test-detail' }),
      route('test/manual', 'routes/organization/test/manual-list.tsx', { id: 'organization/practice-tests/manual-list' }),
      route('test/manual/:id/result/:resultId', 'routes/organization/test/manual-result.tsx', { id: 'organization/practice-tests/manual-result' }),
      route('test/smart', 'routes/organization/test/smart-list.tsx', { id: 'organization/practice-tests/smart-list' }),
      route('test/smart/create', 'routes/organization/test/smart-create.tsx', { id: 'organization/practice-tests/smart-create' }),
      route('test/smart/:id/edit', 'routes/back-office/test/test-edit.tsx', { id: 'organization/practice-tests/smart-edit' }),
      route('test/smart/:id/detail', 'routes/back-office/test/test-detail.tsx', { id: 'organization/practice-tests/smart-detail' }),
      route('test/smart/:id/result/:resultId', 'routes/organization/test/smart-result.tsx', { id: 'organization/practice-tests/smart-result' }),
      // features/learners/pages.ts
      route('students/:id/test/:testId', 'routes/back-office/students/student-test.tsx', { id: 'organization/learners/learner-test' }),
      route('students/:id/test/:testId/result/:resultId', 'routes/back-office/students/student-result.tsx', { id: 'organization/learners/learner-result' }),
      // features/students/pages.ts
      route('students', 'routes/organization/students/student-list.tsx', { id: 'organization/students/student-list' }),
      route('students/invite', 'routes/organization/students/invite.tsx', { id: 'organization/students/invite' }),
      route('students/import', 'routes/organization/students/import.tsx', { id: 'organization/students/import' }),
      route('students/:id', 'routes/organization/students/student-detail.tsx', { id: 'organization/students/student-detail' }),
      route('students/:id/edit', 'routes/organization/students/student-edit.tsx', { id: 'organization/students/student-edit' }),
      route('classes', 'routes/organization/students/class-list.tsx', { id: 'organization/students/class-list' }),
      // features/analytics/pages.ts
      route('analytics', 'routes/back-office/analytics/analytics.tsx', { id: 'organization/analytics/analytics' }),
      // features/marking/pages.ts
      route('marking', 'routes/back-office/marking/marking-queue.tsx', { id: 'organization/marking/marking-queue' }),
      // features/payments/pages.ts
      route('transactions', 'routes/back-office/transactions.tsx', { id: 'organization/payments/transactions' }),
      route('package', 'routes/organization/package.tsx', { id: 'organization/payments/organization-package' }),
    ]),
    // </back-office-routes>
    // The exam runner has its own focused screen, without the site's header and footer.
    route('tests/:slug/exam/:examId', 'routes/public/tests/test-exam.tsx'),
    // An organization's assigned test in the same runner (issue 15).
    // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
    route('organizations/:slug/test/:testSlug/exam/:examId', 'routes/public/organizations/assigned-test-exam.tsx'),
    // The local payment gateway (development and tests, when VNPay is not configured): a bank's checkout.
    route('payment-simulator', 'routes/public/payment-simulator.tsx'),
    // Generic pages (/term, /privacy …) pick the default or the blank layout themselves.
    route(':page', 'routes/public/page/content-page.tsx'),
    // Pages that name no layout use the default one (seed-spec §2).
    layout('routes/default-layout.tsx', [
      index('routes/public/home.tsx'),
      route('profile', 'routes/account/profile.tsx'),
      route('profile/change-password', 'routes/account/change-password.tsx'),
      // The learner home (issue 14).
      route('dashboard', 'routes/account/dashboard.tsx'),
      route('join-organization', 'routes/account/organizations/join-organization.tsx'),
      route('join/:token', 'routes/account/organizations/accept-invitation.tsx'),
      route('blog', 'routes/public/blog/blog-list.tsx'),
      route('blog/:slug', 'routes/public/blog/blog-post.tsx'),
      route('grammar', 'routes/public/grammar/grammar-index.tsx'),
      route('grammar/tense', 'routes/public/grammar/tense.tsx'),
      route('grammar/comparison', 'routes/public/grammar/comparison.tsx'),
      route('grammar/:topic', 'routes/public/grammar/topic.tsx'),
      route('roadmap', 'routes/public/roadmap/roadmap.tsx'),
      // Taking tests (issue 5): catalogue, detail, results and history.
      route('tests', 'routes/public/tests/catalogue.tsx'),
      route('tests/:slug', 'routes/public/tests/test-detail.tsx'),
      route('tests/:slug/result/:resultId', 'routes/public/tests/test-result.tsx'),
      route('test-history', 'routes/account/test-history.tsx'),
      // The mistake notebook (issue 14).
      route('mistakes', 'routes/account/mistakes.tsx'),
      // Payments (issue 16): wallet, orders and the gateway's return.
      route('transactions', 'routes/account/transactions.tsx'),
      route('payment-successful', 'routes/account/payment-successful.tsx'),
      route('test-history/:testSlug', 'routes/account/test-history-test.tsx'),
      route('test-history/:testSlug/result/:resultId', 'routes/account/test-history-result.tsx'),
      route('organizations', 'routes/public/organizations/organization-directory.tsx'),
      route('organizations/:slug', 'routes/public/organizations/organization-page.tsx'),
      // An organization's tests assigned to the signed-in learner (issue 15).
      route('organizations/:slug/test/:testSlug', 'routes/public/organizations/assigned-test.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organizations/:slug/test/:testSlug/result/:resultId', 'routes/public/organizations/assigned-test-result.tsx'),
      // Vocabulary (issue 17): public topics, the learner's review and words.
      route('vocabulary', 'routes/public/vocabulary/topic-list.tsx'),
      route('vocabulary/review', 'routes/account/vocabulary/review.tsx'),
      route('vocabulary/my-words', 'routes/account/vocabulary/my-words.tsx'),
      route('vocabulary/:slug', 'routes/public/vocabulary/topic-page.tsx'),
      // Dictation (issue 14): the listening transcripts, one sentence at a time.
      route('dictation', 'routes/public/dictation/dictation-list.tsx'),
      route('dictation/:id', 'routes/public/dictation/dictation-exercise.tsx'),
      route('*', 'routes/public/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
