/**
 * The fake courier's serviceability table: ten PIN codes in each of 30 districts (300 in all), each district with
 * its zone class. The courier's zone for a route comes from both ends (docs/delivery.md, "Zones").
 */
export interface PinDistrict {
  prefix: string;
  city: string;
  metro: boolean;
  /** north-east, Jammu and Kashmir, islands: the courier's special zone E */
  special: boolean;
  /** the courier reaches it at all */
  serviceable: boolean;
  /** cash on delivery on routes to it */
  cod: boolean;
}

const d = (
  prefix: string,
  city: string,
  flags: Partial<Omit<PinDistrict, 'prefix' | 'city'>> = {},
): PinDistrict => ({
  prefix,
  city,
  metro: false,
  special: false,
  serviceable: true,
  cod: true,
  ...flags,
});

export const DISTRICTS: readonly PinDistrict[] = [
  d('110', 'New Delhi', { metro: true }),
  d('400', 'Mumbai', { metro: true }),
  d('560', 'Bengaluru', { metro: true }),
  d('600', 'Chennai', { metro: true }),
  d('700', 'Kolkata', { metro: true }),
  d('500', 'Hyderabad', { metro: true }),
  d('411', 'Pune'),
  d('380', 'Ahmedabad'),
  d('302', 'Jaipur'),
  d('226', 'Lucknow'),
  d('208', 'Kanpur'),
  d('800', 'Patna'),
  d('751', 'Bhubaneswar'),
  d('682', 'Kochi'),
  d('641', 'Coimbatore'),
  d('452', 'Indore'),
  d('462', 'Bhopal'),
  d('160', 'Chandigarh'),
  d('141', 'Ludhiana'),
  d('248', 'Dehradun'),
  d('403', 'Goa'),
  d('530', 'Visakhapatnam'),
  d('834', 'Ranchi'),
  d('492', 'Raipur'),
  d('440', 'Nagpur'),
  d('781', 'Guwahati', { special: true }),
  d('795', 'Imphal', { special: true, cod: false }),
  d('190', 'Srinagar', { special: true, cod: false }),
  d('744', 'Port Blair', { special: true, serviceable: false, cod: false }),
  d('194', 'Leh', { special: true, serviceable: false, cod: false }),
];

/** Each district's PIN codes: prefix + 001 … 010. */
export const PINCODES: ReadonlyMap<string, PinDistrict> = new Map(
  DISTRICTS.flatMap((dist) =>
    Array.from({ length: 10 }, (_, i) => [`${dist.prefix}${String(i + 1).padStart(3, '0')}`, dist] as const),
  ),
);

/**
 * The district of a PIN code: its own row in the table, else (a PIN code of a known district beyond the table's
 * ten, as addresses in the demo and the journeys have) its district by the first three digits; unknown otherwise.
 */
export function districtOf(pin: string): PinDistrict | undefined {
  if (!/^[1-9]\d{5}$/.test(pin)) return undefined;
  return PINCODES.get(pin) ?? DISTRICTS.find((d) => pin.startsWith(d.prefix));
}

export type Zone = 'A' | 'B' | 'C' | 'D' | 'E';
/** Courier days per zone. */
export const ZONE_DAYS: Readonly<Record<Zone, number>> = { A: 1, B: 2, C: 3, D: 4, E: 6 };

/** Same district A; same postal region (first digit) B; metro to metro C; to or from a special area E; else D. */
export function zoneOf(from: PinDistrict, to: PinDistrict): Zone {
  if (from.special || to.special) return from.prefix === to.prefix ? 'B' : 'E';
  if (from.prefix === to.prefix) return 'A';
  if (from.prefix[0] === to.prefix[0]) return 'B';
  if (from.metro && to.metro) return 'C';
  return 'D';
}
