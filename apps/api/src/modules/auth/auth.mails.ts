import { type Locale, RESET_CODE_TTL_MINUTES, SIGN_IN_CODE_TTL_MINUTES } from '@prepwise/contract';

interface Mail {
  subject: string;
  text: string;
}

export function resetCodeMail(name: string, code: string, locale: Locale): Mail {
  if (locale === 'en') {
    return {
      subject: `Your Prepwise password reset code: ${code}`,
      text: `Hello ${name},\n\nYour code to reset your Prepwise password is ${code}. It expires in ${RESET_CODE_TTL_MINUTES} minutes and can be tried 5 times.\n\nIf you did not ask for it, ignore this email: your password stays the same.\n\nPrepwise`,
    };
  }
  return {
    subject: `Mã đặt lại mật khẩu Prepwise của bạn: ${code}`,
    text: `Xin chào ${name},\n\nMã để đặt lại mật khẩu Prepwise của bạn là ${code}. Mã có hiệu lực trong ${RESET_CODE_TTL_MINUTES} phút và được nhập tối đa 5 lần.\n\nNếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.\n\nPrepwise`,
  };
}

export function welcomeMail(name: string, locale: Locale): Mail {
  if (locale === 'en') {
    return {
      subject: 'Welcome to Prepwise',
      text: `Hello ${name},\n\nYour Prepwise account is ready. Sign in to take practice tests, study vocabulary and grammar, and follow your progress.\n\nPrepwise`,
    };
  }
  return {
    subject: 'Chào mừng bạn đến với Prepwise',
    text: `Xin chào ${name},\n\nTài khoản Prepwise của bạn đã sẵn sàng. Hãy đăng nhập để làm đề luyện thi, học từ vựng, ngữ pháp và theo dõi tiến bộ của mình.\n\nPrepwise`,
  };
}

/** Sent instead of a welcome when someone registers with an email that already has an account. */
export function accountExistsMail(locale: Locale): Mail {
  if (locale === 'en') {
    return {
      subject: 'Someone tried to register with your email on Prepwise',
      text: 'Hello,\n\nSomeone (perhaps you) tried to create a Prepwise account with this email, but it already has one. If it was you, sign in instead, or use "Forgot password" to choose a new password.\n\nIf it was not you, no action is needed.\n\nPrepwise',
    };
  }
  return {
    subject: 'Có người đăng ký Prepwise bằng email của bạn',
    text: 'Xin chào,\n\nCó người (có thể là bạn) vừa đăng ký tài khoản Prepwise bằng email này, nhưng email đã có tài khoản. Nếu là bạn, hãy đăng nhập, hoặc dùng "Quên mật khẩu" để đặt mật khẩu mới.\n\nNếu không phải bạn, bạn không cần làm gì.\n\nPrepwise',
  };
}

export function organizationApplicationMail(organization: string, locale: Locale): Mail {
  if (locale === 'en') {
    return {
      subject: `Prepwise received the application of ${organization}`,
      text: `Hello,\n\nThank you for registering ${organization} on Prepwise. Our team reviews each application, usually within one working day. You can sign in as soon as it is approved; we will email you then.\n\nPrepwise`,
    };
  }
  return {
    subject: `Prepwise đã nhận hồ sơ đăng ký của ${organization}`,
    text: `Xin chào,\n\nCảm ơn bạn đã đăng ký ${organization} trên Prepwise. Đội ngũ của chúng tôi xét duyệt từng hồ sơ, thường trong một ngày làm việc. Bạn có thể đăng nhập ngay khi hồ sơ được duyệt; chúng tôi sẽ gửi email báo cho bạn.\n\nPrepwise`,
  };
}

export function organizationEmailTakenMail(locale: Locale): Mail {
  if (locale === 'en') {
    return {
      subject: 'An organization application used your email on Prepwise',
      text: 'Hello,\n\nSomeone tried to register an organization on Prepwise with this email as the owner account, but the email already has a Prepwise account. If it was you, please apply again with another email or contact us.\n\nPrepwise',
    };
  }
  return {
    subject: 'Có hồ sơ đăng ký tổ chức dùng email của bạn trên Prepwise',
    text: 'Xin chào,\n\nCó người vừa đăng ký một tổ chức trên Prepwise với email này làm tài khoản chủ sở hữu, nhưng email đã có tài khoản Prepwise. Nếu là bạn, vui lòng đăng ký lại bằng email khác hoặc liên hệ với chúng tôi.\n\nPrepwise',
  };
}

/** The code that lets the owner of an account whose sign-ins wait sign in (with the password). */
export function signInCodeMail(name: string, code: string, locale: Locale): Mail {
  if (locale === 'en') {
    return {
      subject: `Your Prepwise sign-in code: ${code}`,
      text: `Hello ${name},\n\nThere were many failed sign-ins to your Prepwise account, so signing in now waits between attempts. To sign in at once, enter the code ${code} with your password. It expires in ${SIGN_IN_CODE_TTL_MINUTES} minutes, works once and can be tried 5 times.\n\nIf you did not ask for it, someone else may be guessing your password: ignore this email, and consider choosing a stronger password.\n\nPrepwise`,
    };
  }
  return {
    subject: `Mã đăng nhập Prepwise của bạn: ${code}`,
    text: `Xin chào ${name},\n\nTài khoản Prepwise của bạn vừa có nhiều lần đăng nhập sai, nên việc đăng nhập hiện phải chờ giữa các lần thử. Để đăng nhập ngay, hãy nhập mã ${code} cùng mật khẩu của bạn. Mã có hiệu lực trong ${SIGN_IN_CODE_TTL_MINUTES} phút, dùng được một lần và được nhập tối đa 5 lần.\n\nNếu bạn không yêu cầu, có thể ai đó đang đoán mật khẩu của bạn: hãy bỏ qua email này và cân nhắc đặt mật khẩu mạnh hơn.\n\nPrepwise`,
  };
}
