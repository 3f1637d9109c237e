// The browser's side of a sign-in with a passkey (https://simplewebauthn.dev/docs/packages/browser): the
// options from the server, the device's answer, and the answer sent back. The WebAuthn helpers are loaded
// here, when a passkey is used, not with the page.
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from './api-request.ts';

/** Signs in with a passkey, alone or as the second step after the password; throws what went wrong. */
export async function signInWithPasskey(mode: 'alone' | 'second-step'): Promise<void> {
  const [{ startAuthentication }, { options }] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest<{ options: PublicKeyCredentialRequestOptionsJSON }>('POST', '/api/login/passkey/options', {
      mode,
    }),
  ]);
  const response = await startAuthentication({ optionsJSON: options });
  await apiRequest('POST', '/api/login/passkey', { response });
}

/** What to tell the person when the device did not answer (they cancelled, or it has no passkey here). */
export function passkeyCeremonyMessage(error: unknown): string {
  // SimpleWebAuthn's errors carry the name of the browser's own.
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'The passkey was cancelled or timed out. Try again.';
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (name === 'NotSupportedError') return 'This browser cannot use passkeys.';
  return 'Please try again';
}
