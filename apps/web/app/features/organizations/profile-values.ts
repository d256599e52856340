import { valuesFrom } from '../../lib/forms';

/** An organization's public profile as its forms edit it (the admin's and the portal's). */
export type OrganizationProfileValues = {
  name: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  description: string;
  logo_url: string;
  is_listed: boolean;
};

const EMPTY_PROFILE: OrganizationProfileValues = {
  name: '',
  email: '',
  phone: '',
  address: '',
  website: '',
  description: '',
  logo_url: '',
  is_listed: true,
};

/** The profile form's values: the organization's own, or empty (and listed) for a new one. */
export function profileValuesOf(
  organization?: {
    [K in keyof OrganizationProfileValues]: OrganizationProfileValues[K] | null;
  },
): OrganizationProfileValues {
  return valuesFrom(organization, EMPTY_PROFILE);
}

/** The profile as the API takes it: optional fields left empty are null. */
export function profileBodyOf(values: OrganizationProfileValues) {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone || null,
    address: values.address || null,
    website: values.website || null,
    description: values.description || null,
    logo_url: values.logo_url || null,
    is_listed: values.is_listed,
  };
}
