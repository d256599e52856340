import { ForgotPasswordPage } from '../../features/auth';

export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
