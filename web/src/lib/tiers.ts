// Tier gating (docs/product.md#gates): ranks basic 1, pro 2, elite 3.
// A missing or unknown tier counts as 0 and is denied.

export const TIERS = ['basic', 'pro', 'elite'] as const;
export type Tier = (typeof TIERS)[number];

const RANKS: Record<Tier, number> = { basic: 1, pro: 2, elite: 3 };

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

/** Rank of a tier (case-insensitive); 0 for missing or unknown. */
export function tierRank(tier: string | null | undefined): number {
  if (typeof tier !== 'string') return 0;
  const t = tier.trim().toLowerCase();
  return isTier(t) ? RANKS[t] : 0;
}

/** True when `userTier` reaches `required`. */
export function tierAllows(userTier: string | null | undefined, required: Tier): boolean {
  const have = tierRank(userTier);
  return have > 0 && have >= RANKS[required];
}

/** "Pro Plan" etc.; "Basic Plan" for missing/unknown. */
export function planLabel(tier: string | null | undefined): string {
  const t = typeof tier === 'string' ? tier.trim().toLowerCase() : '';
  const name = isTier(t) ? t : 'basic';
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} Plan`;
}

/** What the top bar, the user menu and the profile say under a name: "Coach" for a coach (coaches do not pay; docs/coaching.md), else the plan. */
export function memberLabel(user: { subscriptionTier: string | null | undefined; role?: string | null }): string {
  return user.role === 'coach' ? 'Coach' : planLabel(user.subscriptionTier);
}

/** The tier gate's sentence, as the server words it: "This feature requires an Elite subscription or higher." (docs/product.md#gates). */
export function requiresTierText(tier: Tier): string {
  const name = `${tier.charAt(0).toUpperCase()}${tier.slice(1)}`;
  return `This feature requires ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} subscription or higher.`;
}
