import { asc, eq } from 'drizzle-orm';
import { pages, users } from '../db/schema';
import { createCategory, createPage, createPost, updatePage } from '../modules/content/content.service';
import { BLOG_CATEGORY_NAMES_EN } from './english-names';
import { PRIVACY_EN, TERMS_EN } from './site-pages-en';
import type { SeedStep } from './step';

/*
 * The public site's own pages (terms of use, privacy policy) and a few original demo posts.
 * Everything goes through the content service, so slugs and sanitizing work as for the admin.
 */

const TERMS_HTML = `
<p><em>Có hiệu lực từ ngày 01/01/2026.</em> Điều khoản này là thỏa thuận giữa bạn và Prepwise khi bạn truy cập hoặc sử dụng website, ứng dụng và các dịch vụ luyện thi tiếng Anh của Prepwise (gọi chung là “Dịch vụ”). Bằng việc tạo tài khoản hoặc tiếp tục sử dụng Dịch vụ, bạn xác nhận đã đọc, hiểu và đồng ý với các điều khoản dưới đây.</p>
<h2>1. Dịch vụ chúng tôi cung cấp</h2>
<p>Prepwise cung cấp đề luyện thi theo định dạng TOEIC và IELTS, bài học từ vựng và ngữ pháp, bài viết hướng dẫn, lộ trình học và công cụ để trường học, trung tâm ngoại ngữ quản lý học viên và đề thi của mình. Điểm số trên Prepwise là điểm <strong>ước tính</strong> nhằm mục đích luyện tập, không phải kết quả chính thức của ETS, IDP, British Council hay bất kỳ tổ chức khảo thí nào, và không có giá trị thay thế chứng chỉ.</p>
<h2>2. Tài khoản</h2>
<ul>
<li>Bạn cần cung cấp thông tin chính xác khi đăng ký và tự chịu trách nhiệm bảo mật mật khẩu của mình.</li>
<li>Người dưới 16 tuổi cần có sự đồng ý của cha mẹ hoặc người giám hộ trước khi đăng ký, phù hợp với quy định về bảo vệ dữ liệu cá nhân của trẻ em.</li>
<li>Mỗi tài khoản dành cho một người. Bạn không được chia sẻ, cho thuê hay bán tài khoản.</li>
<li>Hãy báo ngay cho chúng tôi nếu bạn nghi ngờ tài khoản bị truy cập trái phép.</li>
</ul>
<h2>3. Tài khoản của tổ chức</h2>
<p>Trường học và trung tâm đăng ký tài khoản tổ chức cam kết có cơ sở hợp pháp để đưa thông tin học viên lên Prepwise (chẳng hạn sự đồng ý của học viên hoặc phụ huynh) và chỉ sử dụng dữ liệu đó cho mục đích giảng dạy. Trong quan hệ này, tổ chức là bên kiểm soát dữ liệu của học viên do mình quản lý, còn Prepwise là bên xử lý dữ liệu theo yêu cầu của tổ chức.</p>
<h2>4. Quy tắc sử dụng</h2>
<p>Khi sử dụng Dịch vụ, bạn không được:</p>
<ul>
<li>sao chép, tải hàng loạt, phát tán hoặc bán lại đề thi, câu hỏi, âm thanh và bài viết của Prepwise;</li>
<li>dùng công cụ tự động để thu thập dữ liệu, dò mật khẩu hoặc làm quá tải hệ thống;</li>
<li>đăng tải nội dung vi phạm pháp luật Việt Nam, xúc phạm người khác hoặc xâm phạm quyền sở hữu trí tuệ;</li>
<li>gian lận trong bài thi do giáo viên hoặc tổ chức giao.</li>
</ul>
<h2>5. Nội dung và quyền sở hữu trí tuệ</h2>
<p>Đề luyện, câu hỏi, bài giảng, hình ảnh và âm thanh trên Prepwise do chúng tôi hoặc đối tác biên soạn và được bảo hộ theo Luật Sở hữu trí tuệ. Bạn được dùng chúng cho việc học tập cá nhân. TOEIC là nhãn hiệu của ETS; IELTS thuộc sở hữu của British Council, IDP và Cambridge University Press &amp; Assessment. Prepwise không liên kết với các tổ chức này. Nội dung do tổ chức tự tạo vẫn thuộc về tổ chức đó.</p>
<h2>6. Phí và thanh toán</h2>
<p>Một số gói dịch vụ có thu phí. Giá, quyền lợi và thời hạn của từng gói được hiển thị rõ trước khi bạn thanh toán. Yêu cầu hoàn tiền được xem xét trong vòng 7 ngày kể từ ngày thanh toán nếu bạn chưa sử dụng quá 20% nội dung của gói, trừ trường hợp pháp luật có quy định khác.</p>
<h2>7. Giới hạn trách nhiệm</h2>
<p>Chúng tôi nỗ lực để Dịch vụ hoạt động ổn định và nội dung chính xác, nhưng không cam kết Dịch vụ không bao giờ gián đoạn hay không có lỗi, và không bảo đảm kết quả thi chính thức của bạn. Trong phạm vi pháp luật cho phép, Prepwise không chịu trách nhiệm về thiệt hại gián tiếp phát sinh từ việc sử dụng Dịch vụ.</p>
<h2>8. Tạm khóa và chấm dứt</h2>
<p>Chúng tôi có thể tạm khóa hoặc chấm dứt tài khoản vi phạm nghiêm trọng các điều khoản này sau khi đã thông báo, trừ trường hợp cần ngăn chặn ngay hành vi gây hại. Bạn có thể ngừng sử dụng và yêu cầu xóa tài khoản bất cứ lúc nào.</p>
<h2>9. Thay đổi điều khoản</h2>
<p>Khi điều khoản thay đổi đáng kể, chúng tôi sẽ thông báo trên website hoặc qua email ít nhất 15 ngày trước khi thay đổi có hiệu lực.</p>
<h2>10. Luật áp dụng và giải quyết tranh chấp</h2>
<p>Điều khoản này được điều chỉnh bởi pháp luật Việt Nam. Tranh chấp trước hết được giải quyết bằng thương lượng; nếu không thành, một trong hai bên có thể đưa ra Tòa án có thẩm quyền tại Việt Nam.</p>
<h2>11. Liên hệ</h2>
<p>Mọi câu hỏi về điều khoản sử dụng, vui lòng gửi về <a href="mailto:hotro@prepwise.vn">hotro@prepwise.vn</a>. Cách chúng tôi xử lý dữ liệu cá nhân được trình bày trong <a href="/privacy">Chính sách quyền riêng tư</a>.</p>
`;

const PRIVACY_HTML = `
<p><em>Có hiệu lực từ ngày 01/01/2026.</em> Chính sách này giải thích Prepwise thu thập, sử dụng, lưu trữ và bảo vệ dữ liệu cá nhân của bạn như thế nào, theo Nghị định 13/2023/NĐ-CP ngày 17/4/2023 của Chính phủ về bảo vệ dữ liệu cá nhân và các quy định pháp luật có liên quan.</p>
<h2>1. Bên kiểm soát dữ liệu</h2>
<p>Prepwise là bên kiểm soát và xử lý dữ liệu cá nhân đối với tài khoản học viên cá nhân. Với học viên do trường học hoặc trung tâm quản lý, tổ chức đó là bên kiểm soát dữ liệu và Prepwise xử lý dữ liệu theo hợp đồng với tổ chức.</p>
<h2>2. Dữ liệu chúng tôi thu thập</h2>
<ul>
<li><strong>Thông tin tài khoản:</strong> họ tên, email, mật khẩu (chỉ lưu dạng đã băm), ảnh đại diện nếu bạn tải lên, thông tin từ Google nếu bạn đăng nhập bằng Google.</li>
<li><strong>Dữ liệu học tập:</strong> bài thi đã làm, câu trả lời, điểm số, thời gian làm bài, danh sách từ vựng đã học.</li>
<li><strong>Thông tin tổ chức:</strong> tên, địa chỉ, người liên hệ của trường học hoặc trung tâm đăng ký tài khoản tổ chức.</li>
<li><strong>Thông tin giao dịch:</strong> gói dịch vụ, số tiền, thời điểm và trạng thái thanh toán. Chúng tôi không lưu số thẻ ngân hàng; việc thanh toán do cổng thanh toán được cấp phép xử lý.</li>
<li><strong>Dữ liệu kỹ thuật:</strong> địa chỉ IP, loại trình duyệt, nhật ký truy cập và cookie cần thiết (phiên đăng nhập, ngôn ngữ, giao diện sáng/tối).</li>
</ul>
<p>Chúng tôi không thu thập dữ liệu cá nhân nhạy cảm theo Điều 2 Nghị định 13/2023/NĐ-CP và đề nghị bạn không nhập những thông tin đó vào bài làm.</p>
<h2>3. Mục đích xử lý</h2>
<ul>
<li>tạo và duy trì tài khoản, xác thực đăng nhập, khôi phục mật khẩu;</li>
<li>chấm điểm, lưu lịch sử và gợi ý nội dung nên ôn tập;</li>
<li>cho phép giáo viên của tổ chức theo dõi kết quả học viên của mình;</li>
<li>xử lý thanh toán và xuất hóa đơn;</li>
<li>bảo đảm an toàn hệ thống, phát hiện gian lận và lạm dụng;</li>
<li>gửi thông báo về tài khoản; thư giới thiệu chỉ được gửi khi bạn đồng ý và bạn có thể hủy bất cứ lúc nào.</li>
</ul>
<p>Chúng tôi không bán dữ liệu cá nhân của bạn và không dùng dữ liệu cho mục đích khác với mục đích đã thông báo nếu chưa có sự đồng ý của bạn.</p>
<h2>4. Cơ sở xử lý và sự đồng ý</h2>
<p>Chúng tôi xử lý dữ liệu dựa trên sự đồng ý của bạn khi đăng ký, việc thực hiện hợp đồng sử dụng dịch vụ, và nghĩa vụ theo quy định pháp luật (chẳng hạn lưu chứng từ kế toán). Bạn có thể rút lại sự đồng ý bất cứ lúc nào; việc rút lại không ảnh hưởng đến tính hợp pháp của việc xử lý đã diễn ra trước đó.</p>
<h2>5. Chia sẻ dữ liệu</h2>
<p>Dữ liệu chỉ được chia sẻ với: tổ chức mà bạn là học viên; nhà cung cấp hạ tầng (máy chủ, gửi email, cổng thanh toán) đã ký cam kết bảo mật; và cơ quan nhà nước có thẩm quyền khi pháp luật yêu cầu. Nếu dữ liệu được chuyển ra nước ngoài, chúng tôi lập hồ sơ đánh giá tác động theo Điều 25 Nghị định 13/2023/NĐ-CP.</p>
<h2>6. Thời gian lưu trữ</h2>
<ul>
<li>Dữ liệu tài khoản và học tập: trong suốt thời gian tài khoản hoạt động và tối đa 24 tháng sau lần đăng nhập cuối; sau đó tài khoản được xóa hoặc ẩn danh hóa.</li>
<li>Khi bạn yêu cầu xóa tài khoản: dữ liệu được xóa trong vòng 30 ngày, trừ dữ liệu pháp luật buộc phải lưu.</li>
<li>Chứng từ giao dịch: 10 năm theo Luật Kế toán.</li>
<li>Nhật ký kỹ thuật: tối đa 12 tháng.</li>
</ul>
<h2>7. Quyền của bạn</h2>
<p>Theo Điều 9 Nghị định 13/2023/NĐ-CP, bạn có quyền: được biết; đồng ý; truy cập; rút lại sự đồng ý; xóa dữ liệu; hạn chế xử lý; được cung cấp dữ liệu; phản đối xử lý; khiếu nại, tố cáo, khởi kiện; yêu cầu bồi thường thiệt hại; và tự bảo vệ. Bạn có thể tự xem và sửa phần lớn thông tin trong trang Hồ sơ; với các yêu cầu khác, hãy liên hệ chúng tôi. Chúng tôi phản hồi trong vòng 72 giờ và xử lý yêu cầu trong thời hạn pháp luật quy định.</p>
<h2>8. Bảo mật</h2>
<p>Mật khẩu được băm một chiều, kết nối được mã hóa bằng HTTPS, quyền truy cập của nhân viên được phân quyền theo vai trò và ghi nhật ký. Khi xảy ra vi phạm dữ liệu cá nhân, chúng tôi thông báo cho Bộ Công an (A05) trong vòng 72 giờ theo Điều 23 Nghị định 13/2023/NĐ-CP và thông báo cho người bị ảnh hưởng.</p>
<h2>9. Trẻ em</h2>
<p>Dữ liệu của trẻ em dưới 16 tuổi chỉ được xử lý khi có sự đồng ý của cha mẹ hoặc người giám hộ, theo Điều 20 Nghị định 13/2023/NĐ-CP.</p>
<h2>10. Cookie</h2>
<p>Prepwise chỉ dùng cookie cần thiết để duy trì phiên đăng nhập và ghi nhớ ngôn ngữ, giao diện bạn chọn. Chúng tôi không dùng cookie quảng cáo của bên thứ ba.</p>
<h2>11. Liên hệ</h2>
<p>Bộ phận bảo vệ dữ liệu cá nhân của Prepwise: <a href="mailto:privacy@prepwise.vn">privacy@prepwise.vn</a>. Khi thay đổi chính sách này, chúng tôi sẽ cập nhật ngày hiệu lực ở đầu trang và thông báo trước với những thay đổi quan trọng.</p>
`;

const SITE_PAGES = [
  {
    slug: 'term',
    layout: 'default',
    vi: {
      title: 'Điều khoản sử dụng',
      content: TERMS_HTML,
      meta_title: 'Điều khoản sử dụng · Prepwise',
      meta_description:
        'Điều khoản sử dụng dịch vụ luyện thi tiếng Anh Prepwise: tài khoản, quy tắc, nội dung và thanh toán.',
    },
    en: TERMS_EN,
  },
  {
    slug: 'privacy',
    layout: 'blank',
    vi: {
      title: 'Chính sách quyền riêng tư',
      content: PRIVACY_HTML,
      meta_title: 'Chính sách quyền riêng tư · Prepwise',
      meta_description:
        'Prepwise thu thập, sử dụng và bảo vệ dữ liệu cá nhân của bạn thế nào, theo Nghị định 13/2023/NĐ-CP.',
    },
    en: PRIVACY_EN,
  },
] as const;

export const sitePagesStep: SeedStep = {
  name: 'site-pages',
  // 2: the pages gain their English version.
  version: '2',
  demo: false,
  async run(tx) {
    const existing = new Map((await tx.select().from(pages)).map((row) => [row.slug, row]));
    for (const page of SITE_PAGES) {
      const english = {
        title_en: page.en.title,
        content_en: page.en.content,
        meta_title_en: page.en.meta_title,
        meta_description_en: page.en.meta_description,
      };
      const row = existing.get(page.slug);
      if (!row) {
        await createPage(tx, {
          slug: page.slug,
          layout: page.layout,
          status: 'published',
          ...page.vi,
          ...english,
        });
      } else if (row.titleEn === null && row.contentEn === null) {
        // Pages seeded before English versions existed; an English text an admin wrote is kept.
        await updatePage(
          tx,
          row.id,
          {
            title: row.title,
            slug: row.slug,
            content: row.content,
            layout: row.layout,
            status: row.status,
            meta_title: row.metaTitle,
            meta_description: row.metaDescription,
            ...english,
          },
          new Date(),
        );
      }
    }
  },
};

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

const DEMO_POSTS = [
  {
    category: 0,
    daysAgo: 2,
    title: 'Lộ trình tự học TOEIC 650 trong 3 tháng cho người mất gốc',
    excerpt:
      'Kế hoạch 12 tuần chia theo từng giai đoạn: củng cố ngữ pháp nền, xây vốn từ theo chủ đề rồi luyện đề có bấm giờ.',
    content: `${p(
      'Đạt 650 TOEIC trong 3 tháng là mục tiêu thực tế nếu bạn học đều mỗi ngày khoảng 90 phút. Điều quan trọng không phải là học thật nhiều tài liệu, mà là học đúng thứ tự: nền tảng trước, kỹ năng làm bài sau.',
    )}<h2>Tháng 1: Xây lại nền ngữ pháp và từ vựng</h2>${p(
      'Bắt đầu với 12 thì cơ bản, đặc biệt là hiện tại đơn, hiện tại hoàn thành và quá khứ đơn — ba thì xuất hiện nhiều nhất ở Part 5. Mỗi ngày học 20 từ mới theo chủ đề văn phòng, tuyển dụng, mua sắm, và ôn lại từ của ba ngày trước.',
    )}<h3>Mẹo ghi nhớ từ vựng</h3>${p(
      'Đừng chỉ chép nghĩa tiếng Việt. Hãy ghi cả một câu ví dụ có từ đó, vì TOEIC kiểm tra cách dùng từ trong ngữ cảnh chứ không hỏi định nghĩa.',
    )}<h2>Tháng 2: Luyện từng Part</h2>${p(
      'Với Listening, luyện Part 1 và Part 2 trước vì đây là phần dễ lấy điểm nhất. Với Reading, tập trung Part 5 và Part 6: nhìn đáp án trước, xác định câu hỏi về từ loại, thì hay giới từ rồi mới đọc câu.',
    )}<h3>Chép chính tả 15 phút mỗi ngày</h3>${p(
      'Chọn một đoạn hội thoại Part 3, nghe từng câu và chép lại. Cách này giúp bạn nhận ra những âm nối, âm nuốt mà người Việt thường nghe sót.',
    )}<h2>Tháng 3: Làm đề có bấm giờ</h2>${p(
      'Mỗi tuần làm hai đề đầy đủ trong 120 phút, không dừng giữa chừng. Sau mỗi đề, dành thời gian gấp đôi để xem lại từng câu sai và ghi lý do sai vào sổ: thiếu từ vựng, nhầm thì hay đọc không kịp.',
      'Khi điểm luyện đề ổn định quanh 650–700 trong hai tuần liền, bạn đã sẵn sàng đăng ký thi thật.',
    )}`,
  },
  {
    category: 0,
    daysAgo: 6,
    title: '5 lỗi ngữ pháp người Việt hay mắc trong TOEIC Part 5',
    excerpt:
      'Quên chia động từ ngôi thứ ba, nhầm since với for, dùng sai tính từ đuôi -ed và -ing… và cách sửa.',
    content: `${p(
      'Part 5 có 30 câu và là phần giúp tăng điểm Reading nhanh nhất. Dưới đây là năm lỗi chúng tôi gặp nhiều nhất khi chấm bài của học viên Việt Nam.',
    )}<h2>1. Quên “s” ở động từ ngôi thứ ba số ít</h2>${p(
      'Tiếng Việt không chia động từ nên câu “The manager review the report every Monday” nghe rất tự nhiên với chúng ta. Câu đúng là “The manager <strong>reviews</strong> the report every Monday”.',
    )}<h2>2. Nhầm since và for</h2>${p(
      '<em>Since</em> đi với một mốc thời gian (since 2020, since Monday), còn <em>for</em> đi với một khoảng thời gian (for three years, for two weeks).',
    )}<h2>3. Tính từ đuôi -ed và -ing</h2>${p(
      '<em>Interested</em> mô tả cảm xúc của người, còn <em>interesting</em> mô tả tính chất của sự vật: “I am interested in the interesting presentation.”',
    )}<h2>4. Dùng tính từ thay cho trạng từ</h2>${p(
      'Trước động từ thường hoặc sau trợ động từ cần trạng từ: “The team worked <strong>efficiently</strong>”, không phải “worked efficient”.',
    )}<h2>5. So sánh hơn thừa “more”</h2>${p(
      'Không viết “more cheaper”. Tính từ ngắn chỉ thêm -er: <em>cheaper</em>; tính từ dài mới dùng <em>more</em>: <em>more expensive</em>. Xem thêm bài <a href="/grammar/comparison">So sánh hơn và so sánh nhất</a>.',
    )}`,
  },
  {
    category: 1,
    daysAgo: 10,
    title: 'IELTS Reading: cách làm dạng True / False / Not Given không bị “lụi”',
    excerpt:
      'Phân biệt False và Not Given bằng một câu hỏi đơn giản, và quy trình 4 bước để làm nhanh mà vẫn chính xác.',
    content: `${p(
      'True / False / Not Given là dạng câu hỏi khiến nhiều bạn mất điểm nhất trong IELTS Reading, vì ranh giới giữa False và Not Given rất mỏng.',
    )}<h2>Phân biệt False và Not Given</h2>${p(
      'Hãy tự hỏi: “Bài đọc có nói điều <strong>ngược lại</strong> không?” Nếu có, đáp án là False. Nếu bài đọc không nói gì đủ để khẳng định hay phủ định, đáp án là Not Given.',
    )}<h2>Quy trình 4 bước</h2><ol><li>Gạch chân từ khóa trong câu hỏi, ưu tiên tên riêng, con số, năm.</li><li>Tìm đoạn chứa từ khóa — câu hỏi đi theo thứ tự bài đọc.</li><li>Đọc kỹ câu chứa thông tin, chú ý các từ chỉ mức độ như <em>all, some, always, usually</em>.</li><li>So sánh và chọn đáp án; không dùng kiến thức bên ngoài.</li></ol>${p(
      'Luyện đều mỗi ngày một bài đọc và ghi lại lý do chọn đáp án sẽ giúp bạn nhanh chóng nhận ra bẫy của người ra đề.',
    )}`,
  },
  {
    category: 1,
    daysAgo: 14,
    title: 'Từ 5.0 lên 6.5 IELTS: nên ưu tiên kỹ năng nào trước?',
    excerpt:
      'Listening và Reading thường tăng nhanh nhất; Writing cần sửa bài đều đặn. Một kế hoạch cân bằng cho 4 tháng.',
    content: `${p(
      'Với đa số học viên ở mức 5.0, Listening và Reading là hai kỹ năng tăng điểm nhanh nhất nhờ luyện đề đều đặn. Writing và Speaking tiến bộ chậm hơn và cần người sửa bài.',
    )}<h2>Listening và Reading: luyện đề và phân tích lỗi</h2>${p(
      'Mỗi tuần hai đề cho mỗi kỹ năng, sau đó dành thời gian phân tích lỗi. Ghi lại các cụm paraphrase — cùng một ý nhưng bài đọc và câu hỏi dùng từ khác nhau.',
    )}<h2>Writing: cấu trúc trước, từ vựng sau</h2>${p(
      'Một bài Task 2 rõ ràng với bố cục 4 đoạn, mỗi đoạn một ý chính có ví dụ, thường đạt 6.0 ngay cả khi từ vựng chưa thật phong phú. Sau đó mới nâng cấp câu phức và từ vựng học thuật.',
    )}<h2>Speaking: nói to mỗi ngày</h2>${p(
      'Tự ghi âm câu trả lời Part 2 trong 2 phút, nghe lại và ghi chú chỗ ngập ngừng. Sau một tháng bạn sẽ thấy độ trôi chảy thay đổi rõ rệt.',
    )}`,
  },
];

export const demoBlogStep: SeedStep = {
  name: 'demo-blog',
  version: '1',
  demo: true,
  async run(tx) {
    const [author] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(asc(users.createdAt))
      .limit(1);
    if (!author) return;
    const categories = [
      await createCategory(tx, {
        name: 'Luyện thi TOEIC',
        name_en: BLOG_CATEGORY_NAMES_EN['luyen-thi-toeic'],
        slug: null,
        description: 'Lộ trình, mẹo làm bài và lỗi thường gặp trong bài thi TOEIC.',
        position: 0,
      }),
      await createCategory(tx, {
        name: 'Luyện thi IELTS',
        name_en: BLOG_CATEGORY_NAMES_EN['luyen-thi-ielts'],
        slug: null,
        description: 'Chiến lược cho bốn kỹ năng IELTS và cách nâng band điểm.',
        position: 1,
      }),
    ];
    for (const post of DEMO_POSTS) {
      await createPost(
        tx,
        author.id,
        {
          title: post.title,
          slug: null,
          category_id: categories[post.category]!.id,
          excerpt: post.excerpt,
          content: post.content,
          cover_id: null,
          status: 'published',
          published_at: new Date(Date.now() - post.daysAgo * 86_400_000).toISOString(),
          meta_title: null,
          meta_description: null,
          og_image_id: null,
        },
        new Date(),
      );
    }
  },
};
