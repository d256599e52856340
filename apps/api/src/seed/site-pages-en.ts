/*
 * The English versions of the seeded terms of use and privacy policy (site-content.ts holds the
 * Vietnamese ones). Same commitments, section by section, written for English readers.
 */

export const TERMS_EN = {
  title: 'Terms of use',
  meta_title: 'Terms of use · Prepwise',
  meta_description:
    'The terms for using Prepwise, the English test-practice service: accounts, acceptable use, content and payments.',
  content: `
<p><em>In force from 1 January 2026.</em> These terms form an agreement between you and Prepwise whenever you visit or use the Prepwise website, apps and English test-preparation services (together, the “Service”). By creating an account or continuing to use the Service, you confirm that you have read, understood and accepted the terms below.</p>
<h2>1. What we provide</h2>
<p>Prepwise offers practice tests in the TOEIC and IELTS formats, vocabulary and grammar lessons, study guides, learning roadmaps, and tools that let schools and language centres manage their own learners and tests. Scores shown on Prepwise are <strong>estimates</strong> meant for practice. They are not official results from ETS, IDP, the British Council or any other testing body, and they cannot stand in for a certificate.</p>
<h2>2. Your account</h2>
<ul>
<li>Give accurate details when you register, and keep your password safe: you are responsible for it.</li>
<li>Anyone under 16 needs the consent of a parent or guardian before registering, in line with the rules on protecting children's personal data.</li>
<li>An account belongs to one person. You may not share, rent out or sell it.</li>
<li>Tell us straight away if you think someone has accessed your account without permission.</li>
</ul>
<h2>3. Organisation accounts</h2>
<p>A school or centre that registers an organisation account undertakes to have a lawful basis for putting its learners' information on Prepwise (for example the consent of the learners or their parents) and to use that information only for teaching. For the learners it manages, the organisation is the data controller and Prepwise processes the data on its instructions.</p>
<h2>4. Acceptable use</h2>
<p>While using the Service, you must not:</p>
<ul>
<li>copy, bulk-download, distribute or resell Prepwise tests, questions, audio or articles;</li>
<li>use automated tools to scrape data, guess passwords or overload our systems;</li>
<li>post content that breaks Vietnamese law, insults other people or infringes intellectual property rights;</li>
<li>cheat in tests set by a teacher or an organisation.</li>
</ul>
<h2>5. Content and intellectual property</h2>
<p>The practice tests, questions, lessons, images and audio on Prepwise are written by us or our partners and are protected under the Law on Intellectual Property. You may use them for your own study. TOEIC is a trademark of ETS; IELTS is owned by the British Council, IDP and Cambridge University Press &amp; Assessment. Prepwise is not affiliated with any of them. Content that an organisation creates remains the property of that organisation.</p>
<h2>6. Fees and payment</h2>
<p>Some plans are paid. The price, what is included and how long each plan lasts are shown clearly before you pay. We consider refund requests made within 7 days of payment if you have used no more than 20% of the plan's content, unless the law provides otherwise.</p>
<h2>7. Limitation of liability</h2>
<p>We work to keep the Service running smoothly and its content accurate, but we cannot promise that it will never be interrupted or free of errors, and we do not guarantee your results in an official exam. To the extent the law allows, Prepwise is not liable for indirect losses arising from your use of the Service.</p>
<h2>8. Suspension and termination</h2>
<p>We may suspend or close an account that seriously breaches these terms after giving notice, except where we must act at once to stop harmful behaviour. You may stop using the Service and ask us to delete your account at any time.</p>
<h2>9. Changes to these terms</h2>
<p>If these terms change in a significant way, we will announce it on the website or by email at least 15 days before the change takes effect.</p>
<h2>10. Governing law and disputes</h2>
<p>These terms are governed by the law of Vietnam. Any dispute is first settled by negotiation; if that fails, either party may bring it before a competent court in Vietnam.</p>
<h2>11. Contact</h2>
<p>Please send any questions about these terms to <a href="mailto:hotro@prepwise.vn">hotro@prepwise.vn</a>. How we handle personal data is explained in our <a href="/privacy">Privacy policy</a>.</p>
`,
};

export const PRIVACY_EN = {
  title: 'Privacy policy',
  meta_title: 'Privacy policy · Prepwise',
  meta_description:
    'How Prepwise collects, uses and protects your personal data under Decree 13/2023/ND-CP on personal data protection.',
  content: `
<p><em>In force from 1 January 2026.</em> This policy explains how Prepwise collects, uses, stores and protects your personal data, under Government Decree 13/2023/ND-CP of 17 April 2023 on personal data protection and the other laws that apply.</p>
<h2>1. Who controls your data</h2>
<p>For individual learner accounts, Prepwise is both the controller and the processor of your personal data. For learners managed by a school or a language centre, that organisation is the controller and Prepwise processes the data under its contract with the organisation.</p>
<h2>2. The data we collect</h2>
<ul>
<li><strong>Account details:</strong> your name, email address, password (stored only as a hash), a profile picture if you upload one, and the details Google shares if you sign in with Google.</li>
<li><strong>Learning data:</strong> the tests you take, your answers, scores and time spent, and the vocabulary lists you study.</li>
<li><strong>Organisation details:</strong> the name, address and contact person of a school or centre that registers an organisation account.</li>
<li><strong>Transaction details:</strong> the plan, the amount, the time and the status of each payment. We never store card numbers; payments are handled by a licensed payment gateway.</li>
<li><strong>Technical data:</strong> IP address, browser type, access logs and the cookies the site needs (your sign-in session, language and light or dark theme).</li>
</ul>
<p>We do not collect sensitive personal data as defined in Article 2 of Decree 13/2023/ND-CP, and we ask you not to enter such information in your answers.</p>
<h2>3. Why we process it</h2>
<ul>
<li>to create and maintain your account, check who is signing in and let you reset your password;</li>
<li>to score your tests, keep your history and suggest what to revise;</li>
<li>to let teachers at your organisation follow the results of their own learners;</li>
<li>to process payments and issue invoices;</li>
<li>to keep the system secure and to detect cheating and abuse;</li>
<li>to send you notices about your account; promotional emails are sent only with your consent, and you can unsubscribe at any time.</li>
</ul>
<p>We do not sell your personal data, and we do not use it for any purpose other than those stated here without your consent.</p>
<h2>4. Legal basis and consent</h2>
<p>We process your data on the basis of the consent you give when you register, the performance of our service contract with you, and our legal obligations (such as keeping accounting records). You may withdraw your consent at any time; doing so does not affect the lawfulness of processing carried out before the withdrawal.</p>
<h2>5. Who we share it with</h2>
<p>Your data is shared only with: the organisation you study with; infrastructure providers (hosting, email delivery, payment gateway) bound by confidentiality commitments; and competent state authorities when the law requires it. If data is transferred outside Vietnam, we prepare the impact assessment dossier required by Article 25 of Decree 13/2023/ND-CP.</p>
<h2>6. How long we keep it</h2>
<ul>
<li>Account and learning data: for as long as your account is active and up to 24 months after your last sign-in, after which the account is deleted or anonymised.</li>
<li>When you ask us to delete your account: within 30 days, except for data the law requires us to keep.</li>
<li>Transaction records: 10 years, as the Law on Accounting requires.</li>
<li>Technical logs: no more than 12 months.</li>
</ul>
<h2>7. Your rights</h2>
<p>Under Article 9 of Decree 13/2023/ND-CP, you have the right to be informed; to give consent; to access your data; to withdraw consent; to have your data deleted; to restrict processing; to receive your data; to object to processing; to complain, report and take legal action; to claim compensation for damage; and to protect yourself. You can view and correct most of your information yourself on your Profile page; for anything else, contact us. We reply within 72 hours and handle each request within the time the law sets.</p>
<h2>8. Security</h2>
<p>Passwords are stored as one-way hashes, connections are encrypted with HTTPS, and staff access is granted by role and logged. If a personal data breach occurs, we notify the Ministry of Public Security (Department A05) within 72 hours as Article 23 of Decree 13/2023/ND-CP requires, and we inform the people affected.</p>
<h2>9. Children</h2>
<p>Data of children under 16 is processed only with the consent of a parent or guardian, as Article 20 of Decree 13/2023/ND-CP requires.</p>
<h2>10. Cookies</h2>
<p>Prepwise uses only the cookies needed to keep you signed in and to remember the language and theme you chose. We do not use third-party advertising cookies.</p>
<h2>11. Contact</h2>
<p>Prepwise's personal data protection team: <a href="mailto:privacy@prepwise.vn">privacy@prepwise.vn</a>. When we change this policy, we update the date at the top of this page and give advance notice of any significant change.</p>
`,
};
