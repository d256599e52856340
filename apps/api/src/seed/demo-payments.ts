import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  gatewayNotifications,
  packEntitlements,
  packs,
  paymentOrders,
  tests,
  users,
  walletLedger,
} from '../db/schema';
import { createPack } from '../modules/practice-tests/packs.service';
import {
  createTest,
  getTest,
  publishTest,
  setSectionItems,
} from '../modules/practice-tests/practice-tests.service';
import { PLATFORM } from '../tenancy/tenant';
import { grammarWritingTest1 } from './content/grammar-writing';
import { TEST_DESCRIPTIONS_EN, TEST_TITLES_EN } from './english-names';
import type { SeedStep } from './step';

export const PREMIUM_TEST_SLUG = 'grammar-writing-check-de-on-tap-premium';
export const PREMIUM_TEST_TITLE = 'Grammar & Writing Check – Đề ôn tập (Premium)';
export const PREMIUM_PACK_SLUG = 'goi-premium-ngu-phap-va-viet';
const DAY = 86_400_000;

/**
 * A pack-only test and its pack (so the catalogue shows a locked test with a price and a buy button),
 * and the demo learner's payments: a top-up paid through the gateway, the pack bought from the wallet,
 * and a top-up whose card was declined. Everything is written as the payments module writes it (orders,
 * ledger rows, the gateway notification, the entitlement), so /transactions and /admin/transactions
 * show them alive and the ledger sums to the balance (201,000 VND).
 */
export const demoPaymentsStep: SeedStep = {
  name: 'demo-payments',
  version: '1',
  demo: true,
  async run(tx: Db) {
    const [author] = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
    const [source] = await tx
      .select({ id: tests.id, examId: tests.examId, levelId: tests.levelId })
      .from(tests)
      .where(and(isNull(tests.organizationId), eq(tests.slug, grammarWritingTest1.slug)));
    if (!author || !source) return;

    let [premium] = await tx
      .select({ id: tests.id })
      .from(tests)
      .where(and(isNull(tests.organizationId), eq(tests.slug, PREMIUM_TEST_SLUG)));
    if (!premium) {
      const original = await getTest(tx, PLATFORM, source.id);
      const created = await createTest(
        tx,
        PLATFORM,
        author.id,
        {
          exam_id: source.examId,
          title: PREMIUM_TEST_TITLE,
          title_en: TEST_TITLES_EN[PREMIUM_TEST_TITLE] ?? null,
          description_en: TEST_DESCRIPTIONS_EN[PREMIUM_TEST_TITLE] ?? null,
          slug: PREMIUM_TEST_SLUG,
          description:
            '<p>Đề ôn tập trong gói Premium: làm lại các câu của Đề luyện 1 trong 25 phút thay vì 35, để luyện tốc độ trước ngày thi. Có giải thích tiếng Việt và tiếng Anh cho từng câu.</p>',
          cover_id: null,
          level_id: source.levelId,
          duration_minutes: 25,
          access: 'pack',
          attempts_allowed: null,
          answer_visibility: 'after_submit',
        },
        new Date(),
      );
      for (const [index, section] of created.sections.entries()) {
        const items = (original.sections[index]?.items ?? []).map((item) =>
          item.kind === 'group' ? { group_id: item.group!.id } : { question_id: item.question!.id },
        );
        await setSectionItems(tx, PLATFORM, created.id, section.id, items, new Date());
      }
      await publishTest(tx, PLATFORM, author.id, created.id, new Date());
      premium = { id: created.id };
    }

    let [pack] = await tx
      .select({ id: packs.id, name: packs.name, priceVnd: packs.priceVnd, validityDays: packs.validityDays })
      .from(packs)
      .where(and(isNull(packs.organizationId), eq(packs.slug, PREMIUM_PACK_SLUG)));
    if (!pack) {
      const created = await createPack(tx, PLATFORM, {
        name: 'Gói Premium Ngữ pháp & Viết',
        slug: PREMIUM_PACK_SLUG,
        description: 'Đề ôn tập tính giờ rút ngắn cho người học B1, dùng trong 30 ngày.',
        price_vnd: 99_000,
        validity_days: 30,
        status: 'published',
        test_ids: [premium.id],
      });
      pack = {
        id: created.id,
        name: created.name,
        priceVnd: created.price_vnd,
        validityDays: created.validity_days,
      };
    }

    const [learner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'learner@prepwise.vn'));
    if (!learner) return;
    const [existing] = await tx
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, learner.id))
      .limit(1);
    if (existing) return;

    const now = Date.now();
    const topUpAt = new Date(now - 3 * DAY);
    const [topUp] = await tx
      .insert(paymentOrders)
      .values({
        code: 'PWDEMO0001',
        userId: learner.id,
        kind: 'top_up',
        description: 'top_up',
        amountVnd: 300_000,
        method: 'vnpay',
        status: 'paid',
        providerTransactionNo: '14226112',
        providerResponseCode: '00',
        bankCode: 'NCB',
        paidAt: topUpAt,
        createdAt: topUpAt,
        updatedAt: topUpAt,
      })
      .returning();
    await tx.insert(gatewayNotifications).values({
      provider: 'simulator',
      providerTransactionId: '14226112',
      orderId: topUp!.id,
      responseCode: '00',
      payload: {
        vnp_TxnRef: 'PWDEMO0001',
        vnp_Amount: '30000000',
        vnp_ResponseCode: '00',
        vnp_TransactionNo: '14226112',
      },
      createdAt: topUpAt,
    });
    await tx.insert(walletLedger).values({
      userId: learner.id,
      orderId: topUp!.id,
      kind: 'top_up',
      amountVnd: 300_000,
      createdAt: topUpAt,
    });

    const boughtAt = new Date(now - 2 * DAY);
    const [purchase] = await tx
      .insert(paymentOrders)
      .values({
        code: 'PWDEMO0002',
        userId: learner.id,
        kind: 'pack',
        packId: pack.id,
        description: pack.name,
        amountVnd: pack.priceVnd,
        method: 'wallet',
        status: 'paid',
        paidAt: boughtAt,
        createdAt: boughtAt,
        updatedAt: boughtAt,
      })
      .returning();
    await tx.insert(walletLedger).values({
      userId: learner.id,
      orderId: purchase!.id,
      kind: 'purchase',
      amountVnd: -pack.priceVnd,
      createdAt: boughtAt,
    });
    await tx.insert(packEntitlements).values({
      userId: learner.id,
      packId: pack.id,
      orderId: purchase!.id,
      startsAt: boughtAt,
      endsAt: new Date(boughtAt.getTime() + pack.validityDays * DAY),
    });

    const declinedAt = new Date(now - DAY);
    await tx.insert(paymentOrders).values({
      code: 'PWDEMO0003',
      userId: learner.id,
      kind: 'top_up',
      description: 'top_up',
      amountVnd: 100_000,
      method: 'vnpay',
      status: 'failed',
      providerTransactionNo: '14226345',
      providerResponseCode: '51',
      bankCode: 'NCB',
      createdAt: declinedAt,
      updatedAt: declinedAt,
    });
  },
};
