/**
 * RazorpayX payouts (docs/money.md, "Refunds of cash-on-delivery returns"): the only code that pays money out to a
 * shopper, through the gateway's documented REST API with the same key pair: a contact and its fund account (a UPI
 * id or a bank account), the fund-account validation that answers the registered name or `invalid`, a payout from
 * the business's account with our row id as `X-Payout-Idempotency` (the same key again is the same payout), and a
 * payout's status. The local fake (src/fakes/razorpay/payouts.ts) speaks the same.
 */
import type { RefundToInput } from '@mp/shared';
import type { RazorpayConfig } from '../../../config/env';
import { createCall } from '../payments/razorpay-provider';

export type PayoutStatus =
  'queued' | 'pending' | 'processing' | 'processed' | 'reversed' | 'failed' | 'rejected' | 'cancelled';

export interface Payout {
  id: string;
  status: PayoutStatus;
  failureReason: string | null;
}

export type DestinationCheck = { valid: true; registeredName: string | null } | { valid: false };

export interface PayoutGateway {
  /** the destination's fund account (made once; the gateway answers the same one for the same details) */
  fundAccount(d: RefundToInput, reference: string): Promise<string>;
  /** whether the destination is a live account, by the gateway's validation */
  validate(fundAccountId: string): Promise<DestinationCheck>;
  payout(p: {
    key: string;
    fundAccountId: string;
    amountPaise: number;
    upi: boolean;
    reference: string;
  }): Promise<Payout>;
  fetchPayout(id: string): Promise<Payout>;
}

interface RawPayout {
  id: string;
  status: PayoutStatus;
  failure_reason?: string | null;
  status_details?: { description?: string | null } | null;
}

const payoutOf = (p: RawPayout): Payout => ({
  id: p.id,
  status: p.status,
  failureReason: p.failure_reason ?? p.status_details?.description ?? null,
});

export function createRazorpayXPayouts(cfg: RazorpayConfig & { payoutAccountNumber: string }): PayoutGateway {
  const call = createCall(cfg);
  return {
    async fundAccount(d, reference) {
      const name = d.kind === 'bank' ? d.name : 'Shopper';
      const contact = await call<{ id: string }>('POST', '/v1/contacts', {
        name,
        type: 'customer',
        reference_id: reference,
      });
      const account =
        d.kind === 'upi'
          ? { account_type: 'vpa', vpa: { address: d.vpa } }
          : {
              account_type: 'bank_account',
              bank_account: { name: d.name, ifsc: d.ifsc, account_number: d.accountNumber },
            };
      return (await call<{ id: string }>('POST', '/v1/fund_accounts', { contact_id: contact.id, ...account }))
        .id;
    },
    async validate(fundAccountId) {
      const v = await call<{
        status: string;
        results?: { account_status?: string; registered_name?: string | null };
      }>('POST', '/v1/fund_accounts/validations', {
        account_number: cfg.payoutAccountNumber,
        fund_account: { id: fundAccountId },
        amount: 100,
        currency: 'INR',
      });
      // a validation still running is not a refusal: the payout's own answer decides then
      if (v.results?.account_status === 'invalid') return { valid: false };
      return { valid: true, registeredName: v.results?.registered_name ?? null };
    },
    async payout({ key, fundAccountId, amountPaise, upi, reference }) {
      const p = await call<RawPayout>(
        'POST',
        '/v1/payouts',
        {
          account_number: cfg.payoutAccountNumber,
          fund_account_id: fundAccountId,
          amount: amountPaise,
          currency: 'INR',
          mode: upi ? 'UPI' : 'IMPS',
          purpose: 'refund',
          queue_if_low_balance: true,
          reference_id: reference,
          narration: 'Marketplace return refund',
        },
        { 'X-Payout-Idempotency': key },
      );
      return payoutOf(p);
    },
    fetchPayout: async (id) =>
      payoutOf(await call<RawPayout>('GET', `/v1/payouts/${encodeURIComponent(id)}`)),
  };
}
