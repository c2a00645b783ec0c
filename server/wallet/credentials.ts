import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { importPKCS8, type CryptoKey } from 'jose';
import { z } from 'zod';
import type { WalletConfig } from '../config.ts';
import { StartupError } from '../lib/startup-error.ts';

// The operator's wallet credentials, read and checked once at start: a file that cannot be read, a
// certificate or key that does not parse, a key that is not the certificate's, an expired certificate
// or a service account without its key stops the server with a sentence that names the setting.

export interface AppleSigner {
  passTypeId: string;
  teamId: string;
  /** PEM, as passkit-generator signs with them (and Apple's push service is called with the signer's). */
  certificates: { wwdr: Buffer; signerCert: Buffer; signerKey: Buffer };
  push: boolean;
}

export interface GoogleSigner {
  issuerId: string;
  clientEmail: string;
  keyId: string | undefined;
  privateKey: CryptoKey;
}

export interface WalletCredentials {
  apple: AppleSigner | null;
  google: GoogleSigner | null;
}

const ServiceAccountSchema = z.object({
  client_email: z.email(),
  private_key: z.string().includes('PRIVATE KEY'),
  private_key_id: z.string().optional(),
});

async function readSetting(name: string, file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(`${name} ${file} cannot be read (${code}): give the path of the file`);
  }
}

function certificateOf(name: string, pem: Buffer, now: Date): X509Certificate {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw new StartupError(
      `${name} is not a PEM certificate (convert a .cer with: openssl x509 -inform DER)`,
    );
  }
  if (new Date(certificate.validTo) < now) {
    throw new StartupError(
      `${name} expired on ${certificate.validTo}: renew it in the Apple Developer account`,
    );
  }
  return certificate;
}

async function appleSigner(config: NonNullable<WalletConfig['apple']>, now: Date): Promise<AppleSigner> {
  const [signerCert, signerKey, wwdr] = await Promise.all([
    readSetting('APPLE_PASS_CERT', config.certPath),
    readSetting('APPLE_PASS_KEY', config.keyPath),
    readSetting('APPLE_WWDR_CERT', config.wwdrPath),
  ]);
  const certificate = certificateOf('APPLE_PASS_CERT', signerCert, now);
  certificateOf('APPLE_WWDR_CERT', wwdr, now);
  let key: KeyObject;
  try {
    key = createPrivateKey(signerKey);
  } catch {
    throw new StartupError(
      'APPLE_PASS_KEY is not an unencrypted PEM private key (from the .p12: openssl pkcs12 -nocerts -nodes)',
    );
  }
  if (!certificate.checkPrivateKey(key)) {
    throw new StartupError('APPLE_PASS_KEY is not the private key of APPLE_PASS_CERT');
  }
  // Apple's pass certificates name their Pass Type ID as the subject's UID
  const uid = /(?:^|\n)UID=([^\n]+)/.exec(certificate.subject)?.[1];
  if (uid && uid !== config.passTypeId) {
    throw new StartupError(
      `APPLE_PASS_CERT is the certificate of ${uid}, not of APPLE_PASS_TYPE_ID ${config.passTypeId}`,
    );
  }
  return {
    passTypeId: config.passTypeId,
    teamId: config.teamId,
    certificates: { wwdr, signerCert, signerKey },
    push: config.push,
  };
}

async function googleSigner(config: NonNullable<WalletConfig['google']>): Promise<GoogleSigner> {
  const file = await readSetting('GOOGLE_WALLET_SERVICE_ACCOUNT', config.serviceAccountPath);
  let json: unknown;
  try {
    json = JSON.parse(file.toString('utf8'));
  } catch {
    json = null;
  }
  const account = ServiceAccountSchema.safeParse(json);
  if (!account.success) {
    throw new StartupError(
      'GOOGLE_WALLET_SERVICE_ACCOUNT is not a service account key file (the JSON key of a Google Cloud service account, with client_email and private_key)',
    );
  }
  let privateKey: CryptoKey;
  try {
    privateKey = await importPKCS8(account.data.private_key, 'RS256');
  } catch {
    throw new StartupError(
      'GOOGLE_WALLET_SERVICE_ACCOUNT has a private_key that is not an RSA key in PKCS#8',
    );
  }
  return {
    issuerId: config.issuerId,
    clientEmail: account.data.client_email,
    keyId: account.data.private_key_id,
    privateKey,
  };
}

/** Reads the configured wallets' credentials (none configured: both null). */
export async function loadWalletCredentials(
  config: WalletConfig,
  now = new Date(),
): Promise<WalletCredentials> {
  const [apple, google] = await Promise.all([
    config.apple ? appleSigner(config.apple, now) : null,
    config.google ? googleSigner(config.google) : null,
  ]);
  return { apple, google };
}
