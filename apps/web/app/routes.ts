import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/*
 * Every page sits below the session layout (session read + route guard). Each page's guard is
 * declared in app/lib/route-access.ts; a unit test fails when a page here is missing there.
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
    route('admin', 'routes/admin/admin-layout.tsx', [
      index('routes/admin/home.tsx'),
      route('profile', 'routes/admin/profile.tsx'),
      route('profile/change-password', 'routes/admin/change-password.tsx'),
      route('staffs/list', 'routes/admin/staffs/staff-list.tsx'),
      route('staffs/list/create', 'routes/admin/staffs/staff-create.tsx'),
      route('staffs/list/:id/edit', 'routes/admin/staffs/staff-edit.tsx'),
      route('staffs/list/:id/detail', 'routes/admin/staffs/staff-detail.tsx'),
      route('staffs/role', 'routes/admin/staffs/role-list.tsx'),
      route('staffs/role/create', 'routes/admin/staffs/role-create.tsx'),
      route('staffs/role/:id/edit', 'routes/admin/staffs/role-edit.tsx'),
      route('blog', 'routes/admin/blog/post-list.tsx'),
      route('blog/create', 'routes/admin/blog/post-create.tsx'),
      route('blog/:id/edit', 'routes/admin/blog/post-edit.tsx'),
      route('blog-category', 'routes/admin/blog-category/category-list.tsx'),
      route('blog-category/create', 'routes/admin/blog-category/category-create.tsx'),
      route('blog-category/:id/edit', 'routes/admin/blog-category/category-edit.tsx'),
      route('pages', 'routes/admin/pages/page-list.tsx'),
      route('pages/create', 'routes/admin/pages/page-create.tsx'),
      route('pages/:id/edit', 'routes/admin/pages/page-edit.tsx'),
      // Exam content authoring (issue 4).
      route('category', 'routes/admin/category/category-list.tsx'),
      route('category/create', 'routes/admin/category/category-create.tsx'),
      route('category/:categoryId', 'routes/admin/category/category-detail.tsx'),
      route('category/:categoryId/edit', 'routes/admin/category/category-edit.tsx'),
      route('category/:categoryId/create', 'routes/admin/category/exam-create.tsx'),
      route('category/:categoryId/:examId', 'routes/admin/category/exam-detail.tsx'),
      route('category/:categoryId/:examId/edit', 'routes/admin/category/exam-edit.tsx'),
      route('category/:categoryId/:examId/create', 'routes/admin/category/format-create.tsx'),
      route('category/:categoryId/:examId/:formatId/edit', 'routes/admin/category/format-edit.tsx'),
      route('level', 'routes/admin/level/level-list.tsx'),
      route('level/create', 'routes/admin/level/level-create.tsx'),
      route('level/:id/edit', 'routes/admin/level/level-edit.tsx'),
      route('question-type', 'routes/admin/question-type/question-type-list.tsx'),
      route('question-type/create', 'routes/admin/question-type/question-type-create.tsx'),
      route('question-type/:id/edit', 'routes/admin/question-type/question-type-edit.tsx'),
      route('point-config', 'routes/admin/point-config/point-config-list.tsx'),
      route('point-config/create', 'routes/admin/point-config/point-config-create.tsx'),
      route('point-config/:id/edit', 'routes/admin/point-config/point-config-edit.tsx'),
      route('question-bank/single', 'routes/admin/question-bank/single-list.tsx'),
      route('question-bank/single/create', 'routes/admin/question-bank/single-create.tsx'),
      route('question-bank/single/:id/edit', 'routes/admin/question-bank/single-edit.tsx'),
      route('question-bank/group', 'routes/admin/question-bank/group-list.tsx'),
      route('question-bank/group/create', 'routes/admin/question-bank/group-create.tsx'),
      route('question-bank/group/:id/edit', 'routes/admin/question-bank/group-edit.tsx'),
      route('question-bank/import', 'routes/admin/question-bank/import.tsx'),
      // AI generation and its review queue (issue 18).
      route('question-bank/generate', 'routes/admin/question-bank/generate-list.tsx'),
      route('question-bank/generate/create', 'routes/admin/question-bank/generate-create.tsx'),
      route('question-bank/generate/:id/detail', 'routes/admin/question-bank/generate-detail.tsx'),
      route('question-bank/ai', 'routes/admin/question-bank/ai-list.tsx'),
      route('question-bank/ai/:id/edit', 'routes/admin/question-bank/ai-edit.tsx'),
      route('question-bank/single/ai', 'routes/admin/question-bank/single-ai.tsx'),
      route('question-bank/single/ai/:id', 'routes/admin/question-bank/single-ai-result.tsx'),
      route('question-bank/group/ai', 'routes/admin/question-bank/group-ai.tsx'),
      route('question-bank/group/ai/:id', 'routes/admin/question-bank/group-ai-result.tsx'),
      route('test', 'routes/admin/test/test-list.tsx'),
      route('test/create', 'routes/admin/test/test-create.tsx'),
      route('test/:id/edit', 'routes/admin/test/test-edit.tsx'),
      route('test/:id/detail', 'routes/admin/test/test-detail.tsx'),
      route('pack-exam', 'routes/admin/pack-exam/pack-list.tsx'),
      route('pack-exam/create', 'routes/admin/pack-exam/pack-create.tsx'),
      route('pack-exam/:id/edit', 'routes/admin/pack-exam/pack-edit.tsx'),
      // Learners (issue 15): every learner, one learner, their attempts of a test and each result.
      route('students', 'routes/admin/students/student-list.tsx'),
      route('students/:id', 'routes/admin/students/student-detail.tsx'),
      route('students/:id/edit', 'routes/admin/students/student-edit.tsx'),
      route('students/:id/test/:testId', 'routes/admin/students/student-test.tsx'),
      route('students/:id/test/:testId/result/:resultId', 'routes/admin/students/student-result.tsx'),
      route('analytics', 'routes/admin/analytics/analytics.tsx'),
      route('transactions', 'routes/admin/transactions.tsx'),
      // Packages sold to organizations (issue 16).
      route('organization-packages', 'routes/admin/organization-packages/package-list.tsx'),
      route('organization-packages/create', 'routes/admin/organization-packages/package-create.tsx'),
      route('organization-packages/:id/edit', 'routes/admin/organization-packages/package-edit.tsx'),
      // Vocabulary (issue 17): topics and words.
      route('vocabulary/topic', 'routes/admin/vocabulary/topic-list.tsx'),
      route('vocabulary/topic/create', 'routes/admin/vocabulary/topic-create.tsx'),
      route('vocabulary/topic/:id/edit', 'routes/admin/vocabulary/topic-edit.tsx'),
      route('vocabulary/list', 'routes/admin/vocabulary/word-list.tsx'),
      route('vocabulary/list/create', 'routes/admin/vocabulary/word-create.tsx'),
      route('vocabulary/list/import', 'routes/admin/vocabulary/word-import.tsx'),
      route('vocabulary/list/:id/edit', 'routes/admin/vocabulary/word-edit.tsx'),
      // Organizations (issue 12): lifecycle, review queue, and one organization's staff.
      route('organization-management/list', 'routes/admin/organization-management/organization-list.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/list/create', 'routes/admin/organization-management/organization-create.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/list/:organizationId', 'routes/admin/organization-management/organization-detail.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/list/:organizationId/edit', 'routes/admin/organization-management/organization-edit.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/list/:organizationId/staff/create', 'routes/admin/organization-management/organization-staff-create.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/list/:organizationId/staff/:staffId/edit', 'routes/admin/organization-management/organization-staff-edit.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/list/:organizationId/staff/:staffId/detail', 'routes/admin/organization-management/organization-staff-detail.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/approve', 'routes/admin/organization-management/organization-approve.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/approve/:id/detail', 'routes/admin/organization-management/organization-review.tsx'),
      // One organization's students in the admin (issue 12 §4): the portal's pages on that organization.
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/list/:organizationId/:studentId', 'routes/admin/organization-students/student-detail.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('organization-management/list/:organizationId/:studentId/edit', 'routes/admin/organization-students/student-edit.tsx'),
    ]),
    route('organization', 'routes/organization/organization-layout.tsx', [
      index('routes/organization/home.tsx'),
      route('profile', 'routes/organization/profile.tsx'),
      // The organization's package and its orders (issue 16).
      route('package', 'routes/organization/package.tsx'),
      route('transactions', 'routes/organization/transactions.tsx'),
      // Staff and roles of the organization: the admin's pages in the organization scope.
      route('staffs/list', 'routes/admin/staffs/staff-list.tsx', { id: 'organization-staff-list' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('staffs/list/create', 'routes/admin/staffs/staff-create.tsx', { id: 'organization-staff-create' }),
      route('staffs/list/:id/edit', 'routes/admin/staffs/staff-edit.tsx', { id: 'organization-staff-edit' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('staffs/list/:id/detail', 'routes/admin/staffs/staff-detail.tsx', { id: 'organization-staff-detail' }),
      route('staffs/role', 'routes/admin/staffs/role-list.tsx', { id: 'organization-role-list' }),
      route('staffs/role/create', 'routes/admin/staffs/role-create.tsx', { id: 'organization-role-create' }),
      route('staffs/role/:id/edit', 'routes/admin/staffs/role-edit.tsx', { id: 'organization-role-edit' }),
      // Students and classes (issue 12 §4).
      route('students', 'routes/organization/students/student-list.tsx'),
      route('students/invite', 'routes/organization/students/invite.tsx'),
      route('students/import', 'routes/organization/students/import.tsx'),
      route('students/:id', 'routes/organization/students/student-detail.tsx'),
      route('students/:id/edit', 'routes/organization/students/student-edit.tsx'),
      // A student's attempts of a test and each result, and the analytics: the admin's pages (issue 15).
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('students/:id/test/:testId', 'routes/admin/students/student-test.tsx', { id: 'organization-student-test' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('students/:id/test/:testId/result/:resultId', 'routes/admin/students/student-result.tsx', { id: 'organization-student-result' }),
      route('analytics', 'routes/admin/analytics/analytics.tsx', { id: 'organization-analytics' }),
      route('classes', 'routes/organization/students/class-list.tsx'),
      // The exam structure: the admin's feature pages, in the organization's scope (decision 013).
      route('level', 'routes/admin/level/level-list.tsx', { id: 'organization-level-list' }),
      route('level/create', 'routes/admin/level/level-create.tsx', { id: 'organization-level-create' }),
      route('level/:id/edit', 'routes/admin/level/level-edit.tsx', { id: 'organization-level-edit' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-type', 'routes/admin/question-type/question-type-list.tsx', { id: 'organization-question-type-list' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-type/create', 'routes/admin/question-type/question-type-create.tsx', { id: 'organization-question-type-create' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-type/:id/edit', 'routes/admin/question-type/question-type-edit.tsx', { id: 'organization-question-type-edit' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('point-config', 'routes/admin/point-config/point-config-list.tsx', { id: 'organization-point-config-list' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('point-config/create', 'routes/admin/point-config/point-config-create.tsx', { id: 'organization-point-config-create' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('point-config/:id/edit', 'routes/admin/point-config/point-config-edit.tsx', { id: 'organization-point-config-edit' }),
      route('category', 'routes/admin/category/category-list.tsx', { id: 'organization-category-list' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('category/create', 'routes/admin/category/category-create.tsx', { id: 'organization-category-create' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('category/:categoryId', 'routes/admin/category/category-detail.tsx', { id: 'organization-category-detail' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('category/:categoryId/edit', 'routes/admin/category/category-edit.tsx', { id: 'organization-category-edit' }),
      // AI generation and its review queue (issue 18): the admin's pages in the organization's scope.
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/generate', 'routes/admin/question-bank/generate-list.tsx', { id: 'organization-ai-generate-list' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/generate/create', 'routes/admin/question-bank/generate-create.tsx', { id: 'organization-ai-generate-create' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/generate/:id/detail', 'routes/admin/question-bank/generate-detail.tsx', { id: 'organization-ai-generate-detail' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/ai', 'routes/admin/question-bank/ai-list.tsx', { id: 'organization-ai-review-list' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/ai/:id/edit', 'routes/admin/question-bank/ai-edit.tsx', { id: 'organization-ai-review-edit' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/single/ai', 'routes/admin/question-bank/single-ai.tsx', { id: 'organization-ai-single' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/single/ai/:id', 'routes/admin/question-bank/single-ai-result.tsx', { id: 'organization-ai-single-result' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/group/ai', 'routes/admin/question-bank/group-ai.tsx', { id: 'organization-ai-group' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/group/ai/:id', 'routes/admin/question-bank/group-ai-result.tsx', { id: 'organization-ai-group-result' }),
      // The question bank, its import/export and the manual tests (issue 15): the admin's pages on the
      // organization's own bank (decision 013); an organization's tests are its manual tests.
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/single', 'routes/admin/question-bank/single-list.tsx', { id: 'organization-question-single-list' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/single/create', 'routes/admin/question-bank/single-create.tsx', { id: 'organization-question-single-create' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/single/:id/edit', 'routes/admin/question-bank/single-edit.tsx', { id: 'organization-question-single-edit' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/group', 'routes/admin/question-bank/group-list.tsx', { id: 'organization-question-group-list' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/group/create', 'routes/admin/question-bank/group-create.tsx', { id: 'organization-question-group-create' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/group/:id/edit', 'routes/admin/question-bank/group-edit.tsx', { id: 'organization-question-group-edit' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('question-bank/import', 'routes/admin/question-bank/import.tsx', { id: 'organization-question-import' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('test/manual', 'routes/organization/test/manual-list.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('test/manual/create', 'routes/admin/test/test-create.tsx', { id: 'organization-test-manual-create' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('test/manual/:id/edit', 'routes/admin/test/test-edit.tsx', { id: 'organization-test-manual-edit' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('test/manual/:id/detail', 'routes/admin/test/test-detail.tsx', { id: 'organization-test-manual-detail' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('test/manual/:id/result/:resultId', 'routes/organization/test/manual-result.tsx'),
      // Smart tests (issue 15): a blueprint per part, each student's paper drawn when they start.
      route('test/smart', 'routes/organization/test/smart-list.tsx'),
      route('test/smart/create', 'routes/organization/test/smart-create.tsx'),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('test/smart/:id/edit', 'routes/admin/test/test-edit.tsx', { id: 'organization-test-smart-edit' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('test/smart/:id/detail', 'routes/admin/test/test-detail.tsx', { id: 'organization-test-smart-detail' }),
      // biome-ignore format: one route a line, as ../shared/tools/spec-routes reads them
      route('test/smart/:id/result/:resultId', 'routes/organization/test/smart-result.tsx'),
    ]),
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
