import type { Locale } from '@prepwise/contract';

interface Mail {
  subject: string;
  text: string;
}

/** To the owner once the admin approves the application, in the owner's language (users.locale). */
export function organizationApprovedMail(
  name: string,
  organization: string,
  signInUrl: string,
  locale: Locale,
): Mail {
  if (locale === 'en') {
    return {
      subject: `${organization} is approved on Prepwise`,
      text: `Hello ${name},\n\nGood news: the application of ${organization} is approved. Sign in with the email and password you registered with:\n${signInUrl}\n\nFrom the organization portal you can add your staff, invite students and publish tests.\n\nPrepwise`,
    };
  }
  return {
    subject: `${organization} đã được duyệt trên Prepwise`,
    text: `Xin chào ${name},\n\nTin vui: hồ sơ của ${organization} đã được duyệt. Hãy đăng nhập bằng email và mật khẩu bạn đã đăng ký:\n${signInUrl}\n\nTrong cổng tổ chức, bạn có thể thêm nhân viên, mời học viên và xuất bản đề thi.\n\nPrepwise`,
  };
}

/** To the owner when the admin rejects the application, with the admin's reason. */
export function organizationRejectedMail(
  name: string,
  organization: string,
  reason: string,
  applyUrl: string,
  locale: Locale,
): Mail {
  if (locale === 'en') {
    return {
      subject: `The application of ${organization} was not approved`,
      text: `Hello ${name},\n\nWe reviewed the application of ${organization} on Prepwise and could not approve it.\n\nReason: ${reason}\n\nYou can apply again with the same email once this is resolved:\n${applyUrl}\n\nPrepwise`,
    };
  }
  return {
    subject: `Hồ sơ của ${organization} chưa được duyệt`,
    text: `Xin chào ${name},\n\nChúng tôi đã xem xét hồ sơ của ${organization} trên Prepwise và chưa thể duyệt.\n\nLý do: ${reason}\n\nBạn có thể đăng ký lại bằng chính email này sau khi đã khắc phục:\n${applyUrl}\n\nPrepwise`,
  };
}
