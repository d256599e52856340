import type { Permission } from '@prepwise/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { roles, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';

let sequence = 0;

export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${sequence++}@example.vn`;

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  roleId: string | null;
}

/** An account straight in the database; `permissions` gives it a fresh role holding them. */
export async function createAccount(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string; permissions?: Permission[] } = {},
): Promise<TestAccount> {
  const { password = 'Hoc-tieng-Anh-2026', permissions, ...values } = overrides;
  let roleId = values.roleId ?? null;
  if (permissions) {
    const [role] = await db
      .insert(roles)
      .values({ name: `Role ${sequence++}`, permissions })
      .returning({ id: roles.id });
    roleId = role!.id;
  }
  const email = values.email ?? uniqueEmail('account');
  const [row] = await db
    .insert(users)
    .values({
      fullName: 'Trần Thu Hà',
      scope: 'user',
      ...values,
      roleId,
      email,
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password, roleId };
}

/** Signs in through the API and answers the Authorization header for the account. */
export async function authHeader(
  app: FastifyInstance,
  account: TestAccount,
  realm: 'user' | 'admin' = 'user',
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${realm}/auth/login`,
    payload: { email: account.email, password: account.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { authorization: `Bearer ${response.json().result.access_token}` };
}
