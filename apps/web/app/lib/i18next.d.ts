import type account from '../locales/en/account.json';
import type admin from '../locales/en/admin.json';
import type auth from '../locales/en/auth.json';
import type authoring from '../locales/en/authoring.json';
import type common from '../locales/en/common.json';
import type content from '../locales/en/content.json';
import type errors from '../locales/en/errors.json';
import type exam from '../locales/en/exam.json';
import type home from '../locales/en/home.json';
import type messages from '../locales/en/messages.json';
import type practice from '../locales/en/practice.json';
import type site from '../locales/en/site.json';
import type siteAdmin from '../locales/en/siteAdmin.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      account: typeof account;
      admin: typeof admin;
      auth: typeof auth;
      authoring: typeof authoring;
      common: typeof common;
      content: typeof content;
      errors: typeof errors;
      exam: typeof exam;
      home: typeof home;
      messages: typeof messages;
      practice: typeof practice;
      site: typeof site;
      siteAdmin: typeof siteAdmin;
    };
  }
}
