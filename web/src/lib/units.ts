import { useSessionUser } from './session';

// Units (docs/product.md#units): loads and distances are stored metric; an
// athlete who chose imperial sees and types loads in lb and distances of a
// kilometre or more in miles. Shorter distances (station work: 50 m sled,
// 100 m lunges) stay in metres, as HYROX defines them.

export type Units = 'metric' | 'imperial';

export const LB_PER_KG = 2.2046226218;
export const M_PER_MILE = 1609.344;

/** The signed-in athlete's units (metric until the user is known). */
export function useUnits(): Units {
  const { data } = useSessionUser();
  return data?.units === 'imperial' ? 'imperial' : 'metric';
}

/** A whole or one-decimal number without a trailing ".0". */
function trim(n: number, decimals: number): string {
  return String(Number(n.toFixed(decimals)));
}

/** The unit a load is shown and typed in. */
export function loadUnit(units: Units): 'kg' | 'lb' {
  return units === 'imperial' ? 'lb' : 'kg';
}

/** A stored load (kg) in the athlete's unit, as a number for a form field. */
export function loadFromKg(kg: number, units: Units): number {
  return units === 'imperial' ? Number((kg * LB_PER_KG).toFixed(1)) : kg;
}

/** A load typed in the athlete's unit, in kg to store (to the gram). */
export function loadToKg(value: number, units: Units): number {
  return units === 'imperial' ? Number((value / LB_PER_KG).toFixed(3)) : value;
}

/** "24 kg" or "52.9 lb". */
export function formatLoad(kg: number, units: Units): string {
  return `${trim(loadFromKg(kg, units), 1)} ${loadUnit(units)}`;
}

/** "500 m", "5 km" (whole hundreds of metres) or "3.11 mi" for a kilometre or more in imperial. */
export function formatDistance(m: number, units: Units): string {
  if (m >= 1000 && units === 'imperial') return `${trim(m / M_PER_MILE, 2)} mi`;
  if (m >= 1000 && m % 100 === 0) return `${m / 1000} km`;
  return `${m} m`;
}
