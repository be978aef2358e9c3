import type { Db } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/change-feed';
import type { Logger } from '../../../lib/logger';
import type { Earnings } from '../earnings/earnings.service';
import type { MoneyService } from '../money/money.service';
import type { CodReturnRefunds, ReturnPickups } from './return-ports';

/** What the return use cases are built from (deps.ts wires one set per process). */
export interface ReturnsDeps {
  db: Db;
  changes: ChangeFeed;
  logger: Logger;
  /** refunds of prepaid returns go through the money use cases' refund lifecycle */
  money: MoneyService;
  earnings: Earnings;
  currency: string;
  pickups: ReturnPickups;
  codRefunds: CodReturnRefunds;
  /** the clock windows and timers are read by (tests set it) */
  now?: () => Date;
}

export interface ReturnsContext extends ReturnsDeps {
  now: () => Date;
}
