import type { SandboxCard } from '../api/sandbox-confirm';

// Card number, expiry and CVC checks with Stripe's CardElement messages.

export function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^6/.test(digits)) return 'discover';
  return 'unknown';
}

const numberLength = (brand: string) => (brand === 'amex' ? 15 : 16);

export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (cardBrand(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(.{4})/g, '$1 ').trim();
}

export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && digits > '1') return `0${digits} / `;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export type CardCheck = { complete: boolean; error: string | null; hardError: boolean; card?: SandboxCard };

/** The field's state: complete, or the message Stripe's CardElement would show. */
export function checkCard(number: string, expiry: string, cvc: string, now: Date): CardCheck {
  const digits = number.replace(/\D/g, '');
  const brand = cardBrand(digits);
  const want = numberLength(brand);
  if (digits.length === 0) return { complete: false, error: 'Your card number is incomplete.', hardError: false };
  if (digits.length >= want && !luhn(digits)) return { complete: false, error: 'Your card number is invalid.', hardError: true };
  if (digits.length < want) return { complete: false, error: 'Your card number is incomplete.', hardError: false };
  const m = /^(\d{2}) \/ (\d{2})$/.exec(expiry);
  if (!m) return { complete: false, error: "Your card's expiration date is incomplete.", hardError: false };
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return { complete: false, error: "Your card's expiration date is invalid.", hardError: true };
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { complete: false, error: "Your card's expiration year is in the past.", hardError: true };
  }
  const cvcLen = brand === 'amex' ? 4 : 3;
  if (cvc.length < cvcLen) return { complete: false, error: "Your card's security code is incomplete.", hardError: false };
  return { complete: true, error: null, hardError: false, card: { number: digits, expMonth: month, expYear: year, cvc } };
}
