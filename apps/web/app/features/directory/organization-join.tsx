/**
 * The join-by-code form of /organizations/{slug}. Joining is built with the organization's students
 * (the join endpoint and its form); until then this renders nothing, so visitors never see an empty box.
 */
export function OrganizationJoin(_props: { slug: string }) {
  return null;
}
