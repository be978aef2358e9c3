/**
 * Return policy per category (docs/money.md, "Return window"): the admin sets each category's window; an order
 * line keeps the window of its product's category when it is placed (`order_lines.return_window_days`).
 */
import {
  categoryLabel,
  frozenWindowDays,
  returnPolicies,
  returnPolicyLabel,
  type ReturnPolicyDto,
} from '@mp/shared';
import type { Db, Tx } from '../../../db/client';
import * as repo from './return-policy.repository';

export async function listReturnPolicies(db: Db): Promise<ReturnPolicyDto[]> {
  return returnPolicies(await repo.storedPolicies(db));
}

export async function setReturnPolicy(
  db: Db,
  category: ReturnPolicyDto['category'],
  windowDays: number | null,
): Promise<ReturnPolicyDto> {
  const days = frozenWindowDays(windowDays);
  await db.transaction((tx) => repo.savePolicy(tx, category, days));
  return { category, label: categoryLabel(category), windowDays: days, policy: returnPolicyLabel(days) };
}

/** The lines with the window of their product's category frozen on them (null: not returnable). */
export async function withReturnWindow<L extends { productId: string | null }>(
  tx: Tx,
  lines: L[],
): Promise<(L & { returnWindowDays: number | null })[]> {
  const ids = [...new Set(lines.map((l) => l.productId).filter((x): x is string => !!x))];
  const windows = await repo.windowsOfProducts(tx, ids);
  return lines.map((l) => ({ ...l, returnWindowDays: (l.productId && windows.get(l.productId)) || null }));
}
