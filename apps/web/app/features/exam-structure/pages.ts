import type { PageManifest } from '../../lib/page-manifest';

const SHARED = 'routes/back-office';

/**
 * The exam structure (issue 4): categories, levels, question types and point configs, the platform's
 * and an organization's (decision 013). Exams and their parts are authored in the category's owner's
 * scope: the admin on the platform's categories, a centre on its own (the platform's are read-only there).
 */
export const pages: PageManifest = {
  feature: 'exam-structure',
  pages: [
    {
      id: 'category-list',
      path: 'category',
      file: `${SHARED}/category/category-list.tsx`,
      permission: 'view_category',
      scopes: ['platform', 'organization'],
      menu: { group: 'content', labelKey: 'content:menu.category', icon: 'book', order: 10 },
    },
    {
      id: 'category-create',
      path: 'category/create',
      file: `${SHARED}/category/category-create.tsx`,
      permission: 'create_category',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'category-detail',
      path: 'category/:categoryId',
      file: `${SHARED}/category/category-detail.tsx`,
      permission: 'view_category',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'category-edit',
      path: 'category/:categoryId/edit',
      file: `${SHARED}/category/category-edit.tsx`,
      permission: 'update_category',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'exam-create',
      path: 'category/:categoryId/create',
      file: `${SHARED}/category/exam-create.tsx`,
      permission: 'create_category',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'exam-detail',
      path: 'category/:categoryId/:examId',
      file: `${SHARED}/category/exam-detail.tsx`,
      permission: 'view_category',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'exam-edit',
      path: 'category/:categoryId/:examId/edit',
      file: `${SHARED}/category/exam-edit.tsx`,
      permission: 'update_category',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'format-create',
      path: 'category/:categoryId/:examId/create',
      file: `${SHARED}/category/format-create.tsx`,
      permission: 'create_part',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'format-edit',
      path: 'category/:categoryId/:examId/:formatId/edit',
      file: `${SHARED}/category/format-edit.tsx`,
      permission: 'update_part',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'level-list',
      path: 'level',
      file: `${SHARED}/level/level-list.tsx`,
      permission: 'view_question_level',
      scopes: ['platform', 'organization'],
      menu: {
        group: 'content',
        labelKey: 'content:menu.level',
        icon: 'pen',
        order: { platform: 80, organization: 20 },
      },
    },
    {
      id: 'level-create',
      path: 'level/create',
      file: `${SHARED}/level/level-create.tsx`,
      permission: 'create_question_level',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'level-edit',
      path: 'level/:id/edit',
      file: `${SHARED}/level/level-edit.tsx`,
      permission: 'update_question_level',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'question-type-list',
      path: 'question-type',
      file: `${SHARED}/question-type/question-type-list.tsx`,
      permission: 'view_question_type',
      scopes: ['platform', 'organization'],
      menu: {
        group: 'content',
        labelKey: 'content:menu.questionType',
        icon: 'pen',
        order: { platform: 90, organization: 30 },
      },
    },
    {
      id: 'question-type-create',
      path: 'question-type/create',
      file: `${SHARED}/question-type/question-type-create.tsx`,
      permission: 'create_question_type',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'question-type-edit',
      path: 'question-type/:id/edit',
      file: `${SHARED}/question-type/question-type-edit.tsx`,
      permission: 'update_question_type',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'point-config-list',
      path: 'point-config',
      file: `${SHARED}/point-config/point-config-list.tsx`,
      permission: 'view_point_config',
      scopes: ['platform', 'organization'],
      menu: {
        group: 'content',
        labelKey: 'content:menu.pointConfig',
        icon: 'pen',
        order: { platform: 100, organization: 40 },
      },
    },
    {
      id: 'point-config-create',
      path: 'point-config/create',
      file: `${SHARED}/point-config/point-config-create.tsx`,
      permission: 'create_point_config',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'point-config-edit',
      path: 'point-config/:id/edit',
      file: `${SHARED}/point-config/point-config-edit.tsx`,
      permission: 'update_point_config',
      scopes: ['platform', 'organization'],
    },
  ],
};
