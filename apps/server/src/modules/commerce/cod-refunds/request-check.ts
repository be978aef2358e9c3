/**
 * A return request naming where a cash-on-delivery refund goes is checked with the payout gateway before the
 * returns core records it (docs/money.md, "Refunds of cash-on-delivery returns"): a UPI id or account the gateway
 * says is not live is `422 REFUND_DESTINATION_INVALID` and nothing is recorded. The call to the gateway is made
 * before the core's transaction, never inside it. Without a payout gateway: in production `503
 * COD_RETURNS_UNAVAILABLE`; elsewhere (tests without the fake) the request goes on and its payout waits.
 */
import type { ReturnRequestInput } from '@mp/shared';
import type { CodReturnRefunds } from '.';

export function withRefundDestinationCheck<
  R extends { request(userId: string, input: ReturnRequestInput): Promise<unknown> },
>(returns: R, refunds: CodReturnRefunds, isProduction: boolean): R {
  const request = returns.request.bind(returns);
  return {
    ...returns,
    async request(userId: string, input: ReturnRequestInput) {
      if (input.refundTo && (refunds.available || isProduction)) await refunds.assertValid(input.refundTo);
      return request(userId, input);
    },
  };
}
