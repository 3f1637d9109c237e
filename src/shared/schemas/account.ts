import { z } from 'zod';
import { plainText } from './text.ts';

/** Every password the site accepts, from the admin's own to an editor's, is at least this long. */
export const MIN_PASSWORD_LENGTH = 12;

export const newPasswordSchema = z
  .string({ error: `Use at least ${MIN_PASSWORD_LENGTH} characters` })
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, 'Use at most 256 characters')
  .check(plainText('Password'));

export const changePasswordInputSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(256)
      .check(plainText('Current password')),
    newPassword: newPasswordSchema,
    confirm: z.string({ error: 'Repeat the new password' }).check(plainText('Repeated password')),
  })
  .refine((input) => input.newPassword === input.confirm, {
    path: ['confirm'],
    message: 'The new passwords do not match',
  });

const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .max(255, 'Email must be at most 255 characters')
  .check(plainText('Email'))
  .pipe(z.email('Enter a valid email address'));

/** One's own new email address: where security emails go from then on. */
export const changeEmailInputSchema = z.object({ email: emailSchema });

// Admins add editors only: a second admin would be a second person who can lock the owner out.
export const createUserInputSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Use at least 3 characters')
    .max(100, 'Use at most 100 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes and underscores only'),
  email: emailSchema,
  password: newPasswordSchema,
  role: z.literal('editor', { error: 'New accounts are editors' }).default('editor'),
});

const userId = z.coerce.number().int().positive();

export const setUserActiveInputSchema = z.object({ id: userId, isActive: z.boolean() });
export const resetUserPasswordInputSchema = z.object({ id: userId, password: newPasswordSchema });

export type CreateUserInput = z.output<typeof createUserInputSchema>;
export const endUserSessionsInputSchema = z.object({ id: userId });

/** The password, or a code from the authenticator app, asked again before a sensitive change. */
export const reauthenticateInputSchema = z.union([
  z.object({
    password: z
      .string({ error: 'Enter your password' })
      .min(1, 'Enter your password')
      .max(256)
      .check(plainText('Password')),
  }),
  z.object({ code: z.string().trim().min(1, 'Enter the code').max(20) }),
]);
