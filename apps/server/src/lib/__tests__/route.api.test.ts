/**
 * The guard of every route comes from its table row (lib/route.ts, docs/api-contract.md "Guards"): walked over
 * the whole endpoint table, a guarded route answers 401 without a session and 403 to a caller of the wrong kind,
 * before it reads any input.
 */
import { describe, expect, it } from 'vitest';
import { endpointList, pathOf, type Endpoint } from '@mp/shared';
import { createTestContext, type TestAgent } from '../../../test/app';

const ctx = await createTestContext();

const ID = '00000000-0000-4000-8000-000000000000';
const urlOf = (e: Endpoint) =>
  pathOf(e.path, Object.fromEntries((e.path.match(/:(\w+)/g) ?? []).map((m) => [m.slice(1), ID])));
const call = (agent: TestAgent, e: Endpoint) => agent[e.method](urlOf(e));
/** a row whose answers are JSON (the sandbox payment pages answer their 401 as a page) */
const isJson = (e: Endpoint) => Object.values(e.responses).some((a) => a.kind === 'json');

describe('guards from the endpoint table', () => {
  it('when a guarded route is called without a session, then 401 UNAUTHENTICATED', async () => {
    const wrong: string[] = [];
    for (const e of endpointList.filter((row) => row.auth !== 'none')) {
      const res = await call(ctx.anon(), e);
      if (res.status !== 401 || (isJson(e) && res.body.code !== 'UNAUTHENTICATED'))
        wrong.push(`${e.method} ${e.path}: ${res.status} ${res.body?.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('when a role route is called by a caller of another kind, then 403 and nothing is read', async () => {
    const shopper = (await ctx.loginAs('user')).agent;
    const admin = (await ctx.loginAs('admin')).agent;
    const pending = (await ctx.loginAsSeller('pending')).agent;
    const refused: Record<string, [TestAgent, string][]> = {
      admin: [[shopper, 'FORBIDDEN']],
      approvedSeller: [
        [shopper, 'FORBIDDEN'],
        [admin, 'FORBIDDEN'],
        [pending, 'SELLER_NOT_APPROVED'],
      ],
      approvedSellerOrAdmin: [
        [shopper, 'FORBIDDEN'],
        [pending, 'SELLER_NOT_APPROVED'],
      ],
    };
    const wrong: string[] = [];
    let checked = 0;
    for (const e of endpointList) {
      for (const [agent, code] of refused[e.auth] ?? []) {
        const res = await call(agent, e);
        checked++;
        if (res.status !== 403 || res.body.code !== code)
          wrong.push(`${e.method} ${e.path}: ${res.status} ${res.body?.code}, not 403 ${code}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
