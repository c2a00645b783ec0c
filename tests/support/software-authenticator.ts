import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

// A WebAuthn authenticator in software for the API tests (the browser tests use Chromium's virtual
// authenticator): ES256 credentials, 'none' attestation, answers in the JSON form that
// @simplewebauthn/browser sends. It can be told not to verify the person, as a security key without a PIN.

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  signCount: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

export class SoftwareAuthenticator {
  private readonly credentials: Credential[] = [];

  constructor(
    private readonly origin: string,
    /** Whether it checks a PIN or biometrics (sets the UV flag); a bare security key does not. */
    public verifiesUser = true,
  ) {}

  /** The answer to navigator.credentials.create() for these options: a new credential. */
  register(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      userHandle: options.user.id,
      signCount: 0,
    };
    this.credentials.push(credential);
    // COSE_Key of an ES256 public key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y
    const coseKey = encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      this.authenticatorData(rpId, FLAG_ATTESTED_CREDENTIAL, credential.signCount),
      Buffer.alloc(16), // AAGUID: none, as privacy-preserving platforms report
      idLength,
      credential.id,
      Buffer.from(coseKey),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to navigator.credentials.get() for these options, with the newest credential. */
  authenticate(options: RequestOptions) {
    const credential = this.credentials.at(-1);
    if (!credential) throw new Error('the authenticator has no credential');
    credential.signCount += 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = this.authenticatorData(rpId, 0, credential.signCount);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private authenticatorData(rpId: string, flags: number, signCount: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(signCount);
    const verified = this.verifiesUser ? FLAG_USER_VERIFIED : 0;
    return Buffer.concat([sha256(rpId), Buffer.from([FLAG_USER_PRESENT | verified | flags]), counter]);
  }

  private clientData(type: string, challenge: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }
}
