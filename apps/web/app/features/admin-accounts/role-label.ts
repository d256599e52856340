/** What a staff account is allowed as, in words: super admin, the organization's owner, its role, or none. */
export function roleLabel(
  t: (key: 'home.superAdmin' | 'home.owner' | 'home.noRole') => string,
  member: { is_admin: boolean; is_owner?: boolean; role: { name: string } | null },
): string {
  if (member.is_admin) return t('home.superAdmin');
  if (member.is_owner) return t('home.owner');
  return member.role?.name ?? t('home.noRole');
}
