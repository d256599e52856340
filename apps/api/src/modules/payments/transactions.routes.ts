import {
  idParamsSchema,
  okEnvelope,
  orderSchema,
  transactionsQuerySchema,
  transactionsResultSchema,
} from '@prepwise/contract';
import type { FastifyContextConfig } from 'fastify';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/reply';
import { requireContext } from '../../plugins/auth';
import { scoped, scopeOf } from '../../tenancy/scoped';
import * as transactions from './transactions.service';

/**
 * The transactions list, one feature in two scopes (issue 27): the platform's every order (staff with
 * view_transaction), an organization's own in its portal (the owner, whatever a role holds: it pays).
 * The same filters, totals and CSV; the tenant is the scope's, never the query's. Seed-spec §6 leaves
 * the page without a permission; learners' payments are private, so reading them needs
 * view_transaction (least privilege, issue 13). Refunds are the platform's (update_transaction: the
 * money went to its account): the portal has none.
 */
export const transactionRoutes = scoped(['platform', 'organization'], async (app, options) => {
  const db = app.db;
  const tags = ['payments'];
  const platform = scopeOf(options) === 'platform';
  const config: FastifyContextConfig = platform
    ? { permission: 'view_transaction' }
    : { permission: null, ownerOnly: true };
  const who = platform ? 'Every order' : "The organization's own orders (the owner)";

  app.get(
    '/transactions',
    {
      config,
      schema: {
        tags,
        summary: `${who}: filters (status, method, kind, dates, user or code), totals`,
        querystring: transactionsQuerySchema,
        response: { 200: okEnvelope(transactionsResultSchema), ...errorResponses },
      },
    },
    async (request) => ok(await transactions.listTransactions(db, request.tenant, request.query)),
  );
  app.get(
    '/transactions/export',
    {
      config,
      schema: {
        tags,
        summary: `${who}, filtered, as CSV`,
        querystring: transactionsQuerySchema.omit({ page: true, pageSize: true }),
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const csv = await transactions.exportTransactionsCsv(db, request.tenant, request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="prepwise-transactions.csv"');
      return csv;
    },
  );
  if (!platform) return;
  app.post(
    '/transactions/:id/refund',
    {
      config: { permission: 'update_transaction' },
      schema: {
        tags,
        summary: 'Refund a paid order: a reversing ledger row; a pack’s access ends',
        params: idParamsSchema,
        response: { 200: okEnvelope(orderSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await transactions.refundOrder(app.deps, request.params.id, requireContext(request).user.id)),
  );
});
