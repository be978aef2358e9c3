/**
 * A return request naming where a cash-on-delivery refund goes, or another destination after its payout failed, is
 * checked with the payout gateway before the returns core records it (docs/money.md, "Refunds of cash-on-delivery
 * returns"): a UPI id or account the gateway says is not live is `422 REFUND_DESTINATION_INVALID` and nothing is
 * recorded. The call to the gateway is made before the core's transaction, never inside it. Without a payout
 * gateway: in production `503 COD_RETURNS_UNAVAILABLE`; elsewhere (tests without the fake) the request goes on and
 * its payout waits.
 */
import type { RefundToInput, ReturnRequestInput, ShopReturnActionInput } from '@mp/shared';
import type { CodReturnRefunds } from '.';

export function withRefundDestinationCheck<
  R extends {
    request(userId: string, input: ReturnRequestInput): Promise<unknown>;
    shopperAction(userId: string, returnId: string, body: ShopReturnActionInput): Promise<unknown>;
  },
>(returns: R, refunds: CodReturnRefunds, isProduction: boolean): R {
  const request = returns.request.bind(returns);
  const shopperAction = returns.shopperAction.bind(returns);
  const check = async (refundTo: RefundToInput | undefined) => {
    if (refundTo && (refunds.available || isProduction)) await refunds.assertValid(refundTo);
  };
  return {
    ...returns,
    async request(userId: string, input: ReturnRequestInput) {
      await check(input.refundTo);
      return request(userId, input);
    },
    // another destination after a failed payout (docs/money.md) is checked the same way
    async shopperAction(userId: string, returnId: string, body: ShopReturnActionInput) {
      if (body.action === 'refundTo') await check(body.refundTo);
      return shopperAction(userId, returnId, body);
    },
  };
}
