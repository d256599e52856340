import type { PageManifest } from '../../lib/page-manifest';

const SHARED = 'routes/back-office/question-bank';

/** The question bank and its import/export (issue 15): the platform's and an organization's own bank. */
export const pages: PageManifest = {
  feature: 'question-bank',
  pages: [
    {
      id: 'single-list',
      path: 'question-bank/single',
      file: `${SHARED}/single-list.tsx`,
      permission: 'view_question',
      scopes: ['platform', 'organization'],
      menu: {
        group: 'content',
        labelKey: 'content:menu.questionSingle',
        icon: 'cards',
        order: { platform: 20, organization: 50 },
      },
    },
    {
      id: 'single-create',
      path: 'question-bank/single/create',
      file: `${SHARED}/single-create.tsx`,
      permission: 'create_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'single-edit',
      path: 'question-bank/single/:id/edit',
      file: `${SHARED}/single-edit.tsx`,
      permission: 'update_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'group-list',
      path: 'question-bank/group',
      file: `${SHARED}/group-list.tsx`,
      permission: 'view_question',
      scopes: ['platform', 'organization'],
      menu: {
        group: 'content',
        labelKey: 'content:menu.questionGroup',
        icon: 'cards',
        order: { platform: 30, organization: 60 },
      },
    },
    {
      id: 'group-create',
      path: 'question-bank/group/create',
      file: `${SHARED}/group-create.tsx`,
      permission: 'create_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'group-edit',
      path: 'question-bank/group/:id/edit',
      file: `${SHARED}/group-edit.tsx`,
      permission: 'update_question',
      scopes: ['platform', 'organization'],
    },
    {
      id: 'import',
      path: 'question-bank/import',
      file: `${SHARED}/import.tsx`,
      permission: 'create_question',
      scopes: ['platform', 'organization'],
    },
  ],
};
