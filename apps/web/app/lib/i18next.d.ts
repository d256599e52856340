import type account from '../locales/en/account.json';
import type admin from '../locales/en/admin.json';
import type ai from '../locales/en/ai.json';
import type auth from '../locales/en/auth.json';
import type authoring from '../locales/en/authoring.json';
import type common from '../locales/en/common.json';
import type content from '../locales/en/content.json';
import type directory from '../locales/en/directory.json';
import type errors from '../locales/en/errors.json';
import type exam from '../locales/en/exam.json';
import type home from '../locales/en/home.json';
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
      auth: typeof auth;
      authoring: typeof authoring;
      common: typeof common;
      content: typeof content;
      directory: typeof directory;
      errors: typeof errors;
      exam: typeof exam;
      home: typeof home;
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
