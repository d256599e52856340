import type common from '../locales/en/common.json';
import type errors from '../locales/en/errors.json';
import type home from '../locales/en/home.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; errors: typeof errors; home: typeof home };
  }
}
