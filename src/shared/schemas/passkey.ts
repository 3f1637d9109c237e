// What a browser sends back from a WebAuthn ceremony (https://w3c.github.io/webauthn/#dictdef-registrationresponsejson),
// as @simplewebauthn/browser hands it over: base64url fields, checked for shape and size here and for
// meaning (signature, challenge, origin) by the server's verification.
import { z } from 'zod';
import { plainText } from './text.ts';

const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} is missing` })
    .min(1, `${label} is missing`)
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} must be base64url`);

// Names, not a fixed list: browsers add transports ("hybrid" came late), and refusing one would refuse
// the passkey.
const transports = z
  .array(
    z
      .string()
      .max(20)
      .regex(/^[a-z-]+$/, 'Unknown transport'),
  )
  .max(10)
  .optional();

// Credential ids are at most 1023 bytes (WebAuthn level 3): 1364 base64url characters.
const credentialId = base64url('Passkey id', 1400);

// Read by nothing here (no extension is asked for): only its being an object is checked.
const clientExtensionResults = z
  .custom<object>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'Extension results must be an object',
  )
  .default({});

const ANSWER_MISSING = { error: 'Send the passkey answer (response)' };

/** The fields every credential answer carries beside its ceremony's own `response`. */
const credentialFields = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { error: 'Not a passkey' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
};

export const registrationResponseSchema = z.object(
  {
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url('Client data', 4_000),
      attestationObject: base64url('Attestation', 40_000),
      authenticatorData: base64url('Authenticator data', 40_000).optional(),
      transports,
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url('Public key', 4_000).optional(),
    }),
  },
  ANSWER_MISSING,
);

export const authenticationResponseSchema = z.object(
  {
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url('Client data', 4_000),
      authenticatorData: base64url('Authenticator data', 4_000),
      signature: base64url('Signature', 2_000),
      userHandle: base64url('User handle', 200).optional(),
    }),
  },
  ANSWER_MISSING,
);

export const passkeyNameSchema = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, 'Give the passkey a name')
  .max(100, 'Use at most 100 characters')
  .check(plainText('Name'));

/** Adding a passkey: the name its owner gives it, and the browser's answer to the options. */
export const addPasskeyInputSchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});

export const passkeyIdSchema = z.coerce
  .number({ error: 'No such passkey' })
  .int()
  .positive('No such passkey');

/** A passkey's new name (the REST body; the id is in the path). */
export const passkeyNameInputSchema = z.object({ name: passkeyNameSchema });
export const renamePasskeyInputSchema = passkeyNameInputSchema.extend({ id: passkeyIdSchema });
export const removePasskeyInputSchema = z.object({ id: passkeyIdSchema });

/**
 * Options for a sign-in with a passkey: `alone` (any account's passkey names the account) or
 * `second-step` (after the password, the account's own passkeys).
 */
export const passkeySignInOptionsInputSchema = z
  .object({
    mode: z.enum(['alone', 'second-step'], { error: 'mode is alone or second-step' }).default('alone'),
  })
  .prefault({});

/** A sign-in with a passkey, alone or as the second step: the browser's answer to the options. */
export const passkeySignInInputSchema = z.object({ response: authenticationResponseSchema });

export type AddPasskeyInput = z.output<typeof addPasskeyInputSchema>;
export type PasskeySignInInput = z.output<typeof passkeySignInInputSchema>;
