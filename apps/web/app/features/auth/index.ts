export { ForgotPasswordPage } from './forgot-password-page';
export { RegisterOrganizationPage } from './register-organization-page';
export { RegisterPage } from './register-page';
export { SignInPage } from './sign-in-page';
