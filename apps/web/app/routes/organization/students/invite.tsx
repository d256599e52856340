import { InvitePage } from '../../../features/students';

export default function OrganizationStudentInviteRoute() {
  return <InvitePage />;
}
