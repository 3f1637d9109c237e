// A passkey authenticator in software, for tests: an ES256 key pair from node:crypto, authenticator data
// and the "none" attestation laid out as WebAuthn defines them (https://w3c.github.io/webauthn/#sctn-authenticator-data),
// so the server's real verification runs on real signatures.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface SoftwareAuthenticatorOptions {
  /** Whether it reports the person verified (a PIN, a fingerprint). */
  userVerified?: boolean;
  /** Whether it counts its signatures; synced passkeys report 0 always. */
  counts?: boolean;
}

/** One authenticator holding discoverable credentials, as a phone or a laptop's own does. */
export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly options: SoftwareAuthenticatorOptions = {}) {}

  private flags(extra = 0): number {
    return FLAG_USER_PRESENT | (this.options.userVerified === false ? 0 : FLAG_USER_VERIFIED) | extra;
  }

  /** What `navigator.credentials.create` answers, for a page at `origin`. */
  register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const id = randomBytes(32);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id!),
      Buffer.from([this.flags(FLAG_ATTESTED_CREDENTIAL)]),
      Buffer.alloc(4), // signature counter 0
      Buffer.alloc(16), // AAGUID: none
      credentialIdLength,
      id,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    this.credentials.push({ id, privateKey, rpId: options.rp.id!, userHandle: options.user.id, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * What `navigator.credentials.get` answers with the credential the options allow (or, for a
   * discoverable sign-in, this authenticator's first one for the site). `counter` overrides the
   * signature counter, to play a cloned authenticator.
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    { counter }: { counter?: number } = {},
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((credential) => credential.id) ?? [];
    const credential = this.credentials.find(
      (stored) =>
        stored.rpId === options.rpId && (allowed.length === 0 || allowed.includes(b64url(stored.id))),
    );
    if (!credential) throw new Error('NotAllowedError: no credential for these options');
    if (this.options.counts !== false) credential.counter += 1;
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter ?? (this.options.counts === false ? 0 : credential.counter));
    const authData = Buffer.concat([sha256(options.rpId!), Buffer.from([this.flags()]), signCount]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
