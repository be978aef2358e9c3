/**
 * The fake gateway's payouts (RazorpayX's documented REST shape; docs/money.md, "Refunds of cash-on-delivery
 * returns"): contacts, fund accounts (a UPI id or a bank account), fund-account validations answering the
 * registered name or `invalid`, payouts from the business's account with `X-Payout-Idempotency` (the same key
 * again is the same payout), a payout's status, and `payout.*` webhooks signed like the payment ones. A payout
 * answers `processing`; it is processed (or reversed, or failed) as the test plans, at once by default.
 */
import { randomBytes } from 'node:crypto';

export interface FakeFundAccount {
  id: string;
  entity: 'fund_account';
  contact_id: string;
  account_type: 'vpa' | 'bank_account';
  vpa?: { address: string };
  bank_account?: { ifsc: string; account_number: string; name: string; bank_name: string };
  active: boolean;
}

export interface FakePayout {
  id: string;
  entity: 'payout';
  fund_account_id: string;
  amount: number;
  currency: 'INR';
  mode: string;
  purpose: string;
  reference_id: string | null;
  status: 'queued' | 'processing' | 'processed' | 'reversed' | 'failed';
  failure_reason: string | null;
  utr: string | null;
  created_at: number;
}

/** What the next payouts become after `processing`: processed, reversed or failed by the bank, or left as is. */
export type PayoutPlan = 'processed' | 'reversed' | 'failed' | 'hold';

type Answer = { status: number; body: unknown };
const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url')}`;
const refuse = (description: string, field?: string): Answer => ({
  status: 400,
  body: { error: { code: 'BAD_REQUEST_ERROR', description, field, source: 'business' } },
});

/** a destination is invalid when marked so, or when its UPI id's name (or its account number) starts "invalid"/"000" */
const looksInvalid = (key: string, invalid: Set<string>) =>
  invalid.has(key) || key.startsWith('invalid') || key.startsWith('000');

export function createPayoutsState(accountNumber: string, onPayout: (p: FakePayout) => Promise<void>) {
  const contacts = new Map<string, { id: string; name: string }>();
  const fundAccounts = new Map<string, FakeFundAccount>();
  const payouts = new Map<string, FakePayout>();
  const byKey = new Map<string, FakePayout>();
  const invalid = new Set<string>();
  const names = new Map<string, string>();
  let plan: PayoutPlan = 'processed';

  const keyOf = (fa: FakeFundAccount) => fa.vpa?.address ?? fa.bank_account!.account_number;

  function contact(body: Record<string, unknown>): Answer {
    if (typeof body.name !== 'string' || !body.name) return refuse('The name field is required.', 'name');
    const c = {
      id: newId('cont'),
      entity: 'contact',
      name: body.name,
      type: body.type ?? null,
      active: true,
    };
    contacts.set(c.id, c);
    return { status: 200, body: c };
  }

  function fundAccount(body: Record<string, unknown>): Answer {
    if (!contacts.has(String(body.contact_id))) return refuse('The contact id does not exist', 'contact_id');
    const vpa = body.vpa as { address?: string } | undefined;
    const bank = body.bank_account as { ifsc?: string; account_number?: string; name?: string } | undefined;
    // the same details again are the same fund account (RazorpayX de-duplicates them)
    const wanted = body.account_type === 'vpa' ? vpa?.address : bank?.account_number;
    if (!wanted) return refuse('The account details are required', 'account_type');
    const same = [...fundAccounts.values()].find(
      (f) => f.contact_id === body.contact_id && keyOf(f) === wanted,
    );
    if (same) return { status: 200, body: same };
    const fa: FakeFundAccount = {
      id: newId('fa'),
      entity: 'fund_account',
      contact_id: String(body.contact_id),
      account_type: body.account_type === 'vpa' ? 'vpa' : 'bank_account',
      ...(body.account_type === 'vpa'
        ? { vpa: { address: vpa!.address! } }
        : {
            bank_account: {
              ifsc: String(bank!.ifsc),
              account_number: String(bank!.account_number),
              name: String(bank!.name ?? ''),
              bank_name: `${String(bank!.ifsc).slice(0, 4)} Bank`,
            },
          }),
      active: true,
    };
    fundAccounts.set(fa.id, fa);
    return { status: 200, body: fa };
  }

  function validation(body: Record<string, unknown>): Answer {
    if (body.account_number !== accountNumber) return refuse('Invalid account number', 'account_number');
    const fa = fundAccounts.get(String((body.fund_account as { id?: unknown } | undefined)?.id));
    if (!fa) return refuse('The fund account id does not exist', 'fund_account.id');
    const key = keyOf(fa);
    const bad = looksInvalid(key.split('@')[0]!, invalid) || invalid.has(key);
    return {
      status: 200,
      body: {
        id: newId('fav'),
        entity: 'fund_account.validation',
        fund_account: fa,
        status: 'completed',
        amount: 100,
        currency: 'INR',
        results: {
          account_status: bad ? 'invalid' : 'active',
          registered_name: bad ? null : (names.get(key) ?? fa.bank_account?.name ?? 'Registered Holder'),
        },
      },
    };
  }

  async function payout(body: Record<string, unknown>, key: string | undefined): Promise<Answer> {
    if (!key) return refuse('X-Payout-Idempotency header is required');
    const same = byKey.get(key);
    if (same) return { status: 200, body: same };
    if (body.account_number !== accountNumber) return refuse('Invalid account number', 'account_number');
    const fa = fundAccounts.get(String(body.fund_account_id));
    if (!fa) return refuse('The fund account id does not exist', 'fund_account_id');
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100)
      return refuse('Minimum transaction amount should be 100 paise', 'amount');
    const p: FakePayout = {
      id: newId('pout'),
      entity: 'payout',
      fund_account_id: fa.id,
      amount: body.amount,
      currency: 'INR',
      mode: String(body.mode ?? 'IMPS'),
      purpose: String(body.purpose ?? 'refund'),
      reference_id: typeof body.reference_id === 'string' ? body.reference_id : null,
      status: 'processing',
      failure_reason: null,
      utr: null,
      created_at: Math.floor(Date.now() / 1000),
    };
    payouts.set(p.id, p);
    byKey.set(key, p);
    const answer = { status: 200, body: { ...p } };
    if (plan !== 'hold') setImmediate(() => void settle(p.id, plan as Exclude<PayoutPlan, 'hold'>));
    return answer;
  }

  async function settle(id: string, to: 'processed' | 'reversed' | 'failed') {
    const p = payouts.get(id);
    if (!p || p.status !== 'processing') return;
    p.status = to;
    if (to === 'processed') p.utr = `UTR${randomBytes(6).toString('hex').toUpperCase()}`;
    else
      p.failure_reason = to === 'reversed' ? 'Beneficiary bank rejected the credit' : 'Invalid beneficiary';
    await onPayout(p);
  }

  return {
    fundAccounts,
    payouts,
    /** a UPI id or account number the validation answers `invalid` for */
    markInvalid: (key: string) => void invalid.add(key),
    /** the name the validation answers for a UPI id or account number */
    registerName: (key: string, name: string) => void names.set(key, name),
    planPayouts: (p: PayoutPlan) => void (plan = p),
    /** a payout left `processing` (plan `hold`) is settled now, with its webhook */
    settle,
    /** the REST calls of the payouts API; undefined when the path is not one of them */
    async route(method: string, path: string, body: Record<string, unknown>, key: string | undefined) {
      let m: RegExpMatchArray | null;
      if (method === 'POST' && path === '/v1/contacts') return contact(body);
      if (method === 'POST' && path === '/v1/fund_accounts') return fundAccount(body);
      if (method === 'POST' && path === '/v1/fund_accounts/validations') return validation(body);
      if (method === 'POST' && path === '/v1/payouts') return payout(body, key);
      if (method === 'GET' && (m = path.match(/^\/v1\/payouts\/([^/]+)$/))) {
        const p = payouts.get(m[1]!);
        return p ? { status: 200, body: p } : refuse('The id provided does not exist');
      }
      return undefined;
    },
  };
}
export type FakePayouts = ReturnType<typeof createPayoutsState>;
