import { SignInPage } from '../../features/auth';

export default function SignInRoute() {
  return <SignInPage />;
}
