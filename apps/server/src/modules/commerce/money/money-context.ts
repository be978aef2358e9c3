import type { Db } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/change-feed';
import type { Logger } from '../../../lib/logger';
import type { MailLimits } from '../../mail';
import type { Earnings } from '../earnings/earnings.service';
import type { PaymentProvider } from '../payments/payment-provider';
import type { Refunder } from './refunds';

/** What the money use cases are built from (deps.ts wires one set per process). */
export interface MoneyDeps {
  db: Db;
  /** stock changes are published here after each commit (unit-of-work.ts) */
  changes: ChangeFeed;
  provider: PaymentProvider;
  logger: Logger;
  currency: string;
  /** the seller ledger: refunds of delivered lines are charged to their sellers (docs/money.md) */
  earnings: Earnings;
  /** bounds the e-mails a client's payments cause (docs/seo-and-email.md, "Priority and limits") */
  mailLimits: MailLimits;
}

/** The deps and the refund lifecycle every use case may send refunds through. */
export interface MoneyContext extends MoneyDeps {
  refunder: Refunder;
}

/** Sends refunds decided by a committed transaction; a failure leaves them pending for the sweeper. */
export async function sendAll(ctx: MoneyContext, refundIds: (string | null | undefined)[]): Promise<void> {
  for (const id of refundIds) if (id) await ctx.refunder.send(id);
}
