/**
 * A seller's pickup and dispatch settings and the admin's holidays (docs/delivery.md). A pickup PIN code must be
 * one the courier knows (400 INVALID_PINCODE). Each change is told on the change feed, so the estimate's cache
 * drops what depended on it.
 */
import type { DeliverySettingsDto, DeliverySettingsInput, HolidayDto } from '@mp/shared';
import type { Db } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { notFound } from '../../lib/errors';
import type { CourierProvider } from './courier-provider';
import { invalidPincode, PLATFORM_PICKUP_PINCODE } from './delivery-estimate';
import {
  listHolidays,
  removeHoliday,
  saveSellerSettings,
  sellerSettings,
  setHoliday,
} from './delivery.repository';

export interface SettingsDeps {
  db: Db;
  changes: ChangeFeed;
  courier: CourierProvider | undefined;
}

export async function settingsOf(deps: SettingsDeps, sellerId: string): Promise<DeliverySettingsDto> {
  const row = await sellerSettings(deps.db, sellerId);
  if (!row) throw notFound('Seller');
  return row;
}

export async function saveSettings(
  deps: SettingsDeps,
  sellerId: string,
  input: DeliverySettingsInput,
): Promise<DeliverySettingsDto> {
  // checked against the courier's PIN codes when delivery is on; without a courier the format alone is checked
  const known = await deps.courier?.serviceability({
    pickupPin: input.pickupPincode,
    deliveryPin: PLATFORM_PICKUP_PINCODE,
    weightGrams: 500,
  });
  if (known?.kind === 'unknownPin' && known.end === 'pickup') throw invalidPincode(input.pickupPincode);
  const row = await saveSellerSettings(deps.db, sellerId, input);
  if (!row) throw notFound('Seller');
  deps.changes.publish({ type: 'delivery', sellerId });
  return row;
}

export const holidays = (deps: SettingsDeps): Promise<HolidayDto[]> => listHolidays(deps.db);

export async function putHoliday(deps: SettingsDeps, day: string, name: string): Promise<HolidayDto[]> {
  await setHoliday(deps.db, day, name);
  deps.changes.publish({ type: 'delivery' });
  return listHolidays(deps.db);
}

export async function deleteHoliday(deps: SettingsDeps, day: string): Promise<HolidayDto[]> {
  await removeHoliday(deps.db, day);
  deps.changes.publish({ type: 'delivery' });
  return listHolidays(deps.db);
}
