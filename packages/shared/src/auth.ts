import { z } from 'zod';
import { GENDERS, ROLES } from './constants';
import { emptyToUndefined, text } from './api';

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }).max(254));

/** A new password (docs/security.md): 8 to 256 characters, every one of them counts; the server also refuses common ones. */
export const PASSWORD_MIN_LENGTH = 8;
export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters');

export const usernameSchema = text('Username', 50);

export const phoneSchema = z
  .string({ message: 'Phone is required' })
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, 'Enter a valid phone number');

/** POST /api/auth/register. Any role in the body is ignored: registration always makes a shopper. */
export const registerInputSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/**
 * POST /api/auth/login answers 202 with this code instead of a session when the account is locked by failed logins
 * and the right password came from an address that also failed: a one-time sign-in link went to the account's
 * e-mail (docs/security.md).
 */
export const LOGIN_LINK_SENT = 'LOGIN_LINK_SENT';

/** POST /api/auth/login-link: the token of a one-time sign-in link. */
export const loginLinkInputSchema = z.object({
  token: z.string({ message: 'Token is required' }).min(1, 'Token is required').max(200),
});
export type LoginLinkInput = z.infer<typeof loginLinkInputSchema>;

/** PUT /api/auth/password: the current password, and the new one (which ends every other session). */
export const passwordChangeInputSchema = z.object({
  currentPassword: z.string({ message: 'Current password is required' }).min(1).max(256),
  newPassword: passwordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInputSchema>;

export const roleSchema = z.enum(ROLES);

export const userDtoSchema = z
  .object({
    id: z.string(),
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    role: roleSchema,
    phone: z.string().nullable(),
    fullName: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    dob: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'User', description: 'A user as the API shows it (never the password hash).' });
export type UserDto = z.infer<typeof userDtoSchema>;

/** PUT /api/auth/update/{id}: fullName and email are read-only on the profile form. */
export const profileUpdateInputSchema = z.object({
  phone: phoneSchema,
  gender: z.preprocess(emptyToUndefined, z.enum(GENDERS).nullable().optional()),
  dob: z.preprocess(
    emptyToUndefined,
    z.iso
      .date({ message: 'Date of birth must be a date (YYYY-MM-DD)' })
      .refine((d) => new Date(d) <= new Date(), 'Date of birth cannot be in the future')
      .nullable()
      .optional(),
  ),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInputSchema>;
