import {
  buyPackBodySchema,
  checkoutResultSchema,
  idParamsSchema,
  LOCALE_COOKIE,
  okEnvelope,
  orderSchema,
  paymentReturnSchema,
  topUpBodySchema,
  walletSchema,
} from '@prepwise/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawQuery } from '../../http/raw-query';
import { errorResponses, ok } from '../../http/reply';
import { requireAuth, requireContext } from '../../plugins/auth';
import type { GatewayRequest } from './checkout.service';
import * as checkout from './checkout.service';
import type { GatewayDeps } from './gateway.service';
import * as gateway from './gateway.service';
import { IPN_CODES } from './vnpay';
import * as wallet from './wallet.service';

export const RECONCILE_QUEUE = 'payments-reconcile';

const learner = requireAuth({ strategies: ['user'] });

const ipnAnswerSchema = z.object({ RspCode: z.string(), Message: z.string() });
const gatewayQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * Payments: the learner's wallet, top-ups, pack purchases, orders and the return page's check; the
 * gateway's IPN. The transactions of the platform and of an organization are transactions.routes.ts.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const settings = app.config.payments;
  const tags = ['payments'];
  const gatewayRequest = (request: FastifyRequest): GatewayRequest => ({
    returnUrl: `${app.config.publicUrl}/payment-successful`,
    ipAddr: request.ip,
    locale: request.cookies[LOCALE_COOKIE] === 'en' ? 'en' : 'vi',
  });

  app.get(
    '/user/wallet',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'The wallet: balance and ledger',
        response: { 200: okEnvelope(walletSchema), ...errorResponses },
      },
    },
    async (request) => ok(await wallet.getWallet(db, requireContext(request).user.id)),
  );
  app.post(
    '/user/wallet/top-up',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'A wallet top-up through the gateway: the pending order and its payment URL',
        body: topUpBodySchema,
        response: { 200: okEnvelope(checkoutResultSchema), ...errorResponses, 503: errorResponses[404] },
      },
    },
    async (request) =>
      ok(
        await checkout.createTopUp(
          app.deps,
          requireContext(request).user.id,
          request.body.amount_vnd,
          gatewayRequest(request),
        ),
      ),
  );
  app.post(
    '/user/packs/:id/buy',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Buy a pack from the wallet (paid at once) or through the gateway (payment URL)',
        params: idParamsSchema,
        body: buyPackBodySchema,
        response: { 200: okEnvelope(checkoutResultSchema), ...errorResponses, 503: errorResponses[404] },
      },
    },
    async (request) =>
      ok(
        await checkout.buyPack(
          app.deps,
          requireContext(request).user.id,
          request.params.id,
          request.body.method,
          gatewayRequest(request),
        ),
      ),
  );
  app.get(
    '/user/orders',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: "The learner's orders, newest first",
        response: { 200: okEnvelope(z.array(orderSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await checkout.listMyOrders(db, requireContext(request).user.id)),
  );
  app.get(
    '/user/orders/:id',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'One of the learner’s orders (its receipt)',
        params: idParamsSchema,
        response: { 200: okEnvelope(orderSchema), ...errorResponses },
      },
    },
    async (request) => ok(await checkout.getMyOrder(db, requireContext(request).user.id, request.params.id)),
  );
  app.get(
    '/user/payments/return',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: "The gateway's return: the signature checked and the order's real state (never fulfils)",
        querystring: gatewayQuerySchema,
        response: { 200: okEnvelope(paymentReturnSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await gateway.readReturn(app.deps, requireContext(request).user.id, rawQuery(request))),
  );

  if (settings) {
    const gatewayDeps: GatewayDeps = { db, now: app.now, config: { payments: settings } };
    // Every 5 minutes one process asks the gateway about orders still pending after 15 minutes.
    await app.jobs.define(RECONCILE_QUEUE, async () => {
      const result = await gateway.reconcileGatewayOrders(gatewayDeps);
      if (result.checked > 0) app.log.info(result, 'pending payments reconciled');
    });
    await app.jobs.schedule(RECONCILE_QUEUE, '*/5 * * * *');

    // VNPay calls this server to server (GET with the signed result); it always expects a 200 JSON answer.
    app.get(
      '/public/payments/vnpay/ipn',
      {
        schema: {
          tags,
          summary: 'VNPay IPN: the only path that fulfils a gateway order',
          querystring: gatewayQuerySchema,
          response: { 200: ipnAnswerSchema },
        },
      },
      async (request) => {
        try {
          return await gateway.handleIpn(gatewayDeps, rawQuery(request));
        } catch (error) {
          request.log.error({ err: error }, 'VNPay IPN failed');
          return IPN_CODES.unknownError;
        }
      },
    );
  }
};
