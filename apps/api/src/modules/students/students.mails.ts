import { INVITATION_TTL_DAYS, type Locale } from '@prepwise/contract';

interface Mail {
  subject: string;
  text: string;
}

/** An invitation to study with an organization; `link` carries the token (only its hash is stored). */
export function invitationMail(
  organization: string,
  link: string,
  locale: Locale,
  kind: 'invitation' | 'import',
): Mail {
  if (locale === 'en') {
    return {
      subject: `${organization} invites you to study on Prepwise`,
      text:
        kind === 'import'
          ? `Hello,\n\n${organization} added you to its students on Prepwise and made an account for this email. Open the link below to choose your password and start:\n\n${link}\n\nThe link works for ${INVITATION_TTL_DAYS} days.\n\nPrepwise`
          : `Hello,\n\n${organization} invites you to join its students on Prepwise, to practise the tests and follow your progress with your teachers. Open the link below to accept:\n\n${link}\n\nThe link works for ${INVITATION_TTL_DAYS} days. If you did not expect this email, ignore it.\n\nPrepwise`,
    };
  }
  return {
    subject: `${organization} mời bạn học trên Prepwise`,
    text:
      kind === 'import'
        ? `Xin chào,\n\n${organization} đã thêm bạn vào danh sách học viên trên Prepwise và tạo tài khoản cho email này. Mở đường dẫn dưới đây để đặt mật khẩu và bắt đầu:\n\n${link}\n\nĐường dẫn có hiệu lực trong ${INVITATION_TTL_DAYS} ngày.\n\nPrepwise`
        : `Xin chào,\n\n${organization} mời bạn tham gia học viên của mình trên Prepwise để luyện đề và theo dõi tiến bộ cùng giáo viên. Mở đường dẫn dưới đây để nhận lời mời:\n\n${link}\n\nĐường dẫn có hiệu lực trong ${INVITATION_TTL_DAYS} ngày. Nếu bạn không chờ email này, hãy bỏ qua.\n\nPrepwise`,
  };
}
