import { safePath } from '@/lib/safe-path';
import { z } from 'zod';

// Form rules with the messages of docs/product.md#form-messages; the server checks the same rules.

const passwordRule = z
  .string()
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters');
const emailRule = z.string().trim().pipe(z.email('Please enter a valid email address'));
const usernameRule = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only use letters, digits and _ . -');

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    username: usernameRule,
    email: emailRule,
    password: passwordRule,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterValues = z.infer<typeof registerSchema>;

export const resetRequestSchema = z.object({ email: emailRule });
export type ResetRequestValues = z.infer<typeof resetRequestSchema>;

export const resetConfirmSchema = z
  .object({
    token: z.string().trim().min(1, 'Reset token is required'),
    newPassword: passwordRule,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ResetConfirmValues = z.infer<typeof resetConfirmSchema>;

export const profileSchema = z.object({ username: usernameRule, email: emailRule, currentPassword: z.string() });
export type ProfileValues = z.infer<typeof profileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: passwordRule,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({ password: z.string().min(1, 'Password is required') });
export type DeleteAccountValues = z.infer<typeof deleteAccountSchema>;

/** A same-site path to return to after login (?next=), or '/'. */
export function safeNext(next: string | null | undefined): string {
  return safePath(next);
}
