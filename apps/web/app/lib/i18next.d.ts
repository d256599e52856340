import type account from '../locales/en/account.json';
import type admin from '../locales/en/admin.json';
import type ai from '../locales/en/ai.json';
import type analytics from '../locales/en/analytics.json';
import type assignments from '../locales/en/assignments.json';
import type auth from '../locales/en/auth.json';
import type authoring from '../locales/en/authoring.json';
import type common from '../locales/en/common.json';
import type content from '../locales/en/content.json';
import type dashboard from '../locales/en/dashboard.json';
import type dictation from '../locales/en/dictation.json';
import type directory from '../locales/en/directory.json';
import type errors from '../locales/en/errors.json';
import type exam from '../locales/en/exam.json';
import type home from '../locales/en/home.json';
import type learners from '../locales/en/learners.json';
import type messages from '../locales/en/messages.json';
import type organizations from '../locales/en/organizations.json';
import type payments from '../locales/en/payments.json';
import type portal from '../locales/en/portal.json';
import type practice from '../locales/en/practice.json';
import type site from '../locales/en/site.json';
import type siteAdmin from '../locales/en/siteAdmin.json';
import type structure from '../locales/en/structure.json';
import type students from '../locales/en/students.json';
import type vocabulary from '../locales/en/vocabulary.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      account: typeof account;
      admin: typeof admin;
      ai: typeof ai;
      analytics: typeof analytics;
      assignments: typeof assignments;
      auth: typeof auth;
      authoring: typeof authoring;
      common: typeof common;
      content: typeof content;
      dashboard: typeof dashboard;
      dictation: typeof dictation;
      directory: typeof directory;
      errors: typeof errors;
      exam: typeof exam;
      home: typeof home;
      learners: typeof learners;
      messages: typeof messages;
      portal: typeof portal;
      organizations: typeof organizations;
      payments: typeof payments;
      practice: typeof practice;
      site: typeof site;
      siteAdmin: typeof siteAdmin;
      students: typeof students;
      vocabulary: typeof vocabulary;
      structure: typeof structure;
    };
  }
}
