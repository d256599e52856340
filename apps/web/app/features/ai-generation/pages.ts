import type { PageManifest } from '../../lib/page-manifest';

const SHARED = 'routes/back-office/question-bank';

/** AI generation and its review queue (issue 18), on the platform's and an organization's bank. */
export const pages: PageManifest = {
  feature: 'ai-generation',
  pages: [
    {
      id: 'generate-list',
      path: 'question-bank/generate',
      file: `${SHARED}/generate-list.tsx`,
      permission: 'view_question',
      scopes: ['platform', 'organization'],
      menu: {
        group: 'content',
        labelKey: 'ai:menu.generate',
        icon: 'sparkles',
        order: { platform: 40, organization: 70 },
      },
    },
    {
      id: 'generate-create',
      path: 'question-bank/generate/create',
      file: `${SHARED}/generate-create.tsx`,
      permission: 'create_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'generate-detail',
      path: 'question-bank/generate/:id/detail',
      file: `${SHARED}/generate-detail.tsx`,
      permission: 'view_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'review-list',
      path: 'question-bank/ai',
      file: `${SHARED}/ai-list.tsx`,
      permission: 'view_question',
      scopes: ['platform', 'organization'],
      menu: {
        group: 'content',
        labelKey: 'ai:menu.review',
        icon: 'clipboard-check',
        order: { platform: 50, organization: 80 },
      },
    },
    {
      id: 'review-edit',
      path: 'question-bank/ai/:id/edit',
      file: `${SHARED}/ai-edit.tsx`,
      permission: 'update_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'single',
      path: 'question-bank/single/ai',
      file: `${SHARED}/single-ai.tsx`,
      permission: 'create_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'single-result',
      path: 'question-bank/single/ai/:id',
      file: `${SHARED}/single-ai-result.tsx`,
      permission: 'view_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'group',
      path: 'question-bank/group/ai',
      file: `${SHARED}/group-ai.tsx`,
      permission: 'create_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'group-result',
      path: 'question-bank/group/ai/:id',
      file: `${SHARED}/group-ai-result.tsx`,
      permission: 'view_question',
      scopes: ['platform', 'organization'],
    },
  ],
};
