import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WalletConfig } from '../../server/config.ts';

// Throwaway wallet credentials, made with Debian's openssl for one test file: a stand-in for Apple's WWDR
// authority, a Pass Type ID certificate it issues (with the UID Apple's have), a TLS certificate for a
// local stand-in of Apple's push service, and a Google service account's JSON key.

export const TEST_PASS_TYPE_ID = 'pass.test.tapcard.card';
export const TEST_TEAM_ID = 'TEAM123456';
export const TEST_ISSUER_ID = '3388000000012345678';

export interface TestWalletCredentials {
  folder: string;
  config: WalletConfig;
  /** PEM files of the chain, for openssl smime -verify and the push stand-in. */
  wwdrPath: string;
  /** The push stand-in's certificate and key (CN localhost, issued by the WWDR stand-in). */
  pushServer: { certPath: string; keyPath: string };
  /** The service account's public key, which a save link verifies with. */
  googlePublicKeyPem: string;
  remove(): void;
}

function openssl(folder: string, ...args: string[]): void {
  execFileSync('openssl', args, { cwd: folder, stdio: 'pipe' });
}

/** Issues a certificate for `subject` from the stand-in authority: files `{name}.key` and `{name}.pem`. */
function issue(folder: string, name: string, subject: string): void {
  openssl(
    folder,
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    subject,
  );
  openssl(
    folder,
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '2',
  );
}

export function makeWalletCredentials(options: { push?: boolean } = {}): TestWalletCredentials {
  const folder = mkdtempSync(path.join(tmpdir(), 'tapcard-wallet-'));
  openssl(
    folder,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'wwdr.key',
    '-out',
    'wwdr.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test WWDR Authority',
  );
  issue(folder, 'pass', `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}`);
  issue(folder, 'push', '/CN=localhost');
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = path.join(folder, 'service-account.json');
  writeFileSync(
    serviceAccount,
    JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@tapcard-test.iam.gserviceaccount.com',
      private_key_id: 'test-key-1',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    }),
  );
  const file = (name: string) => path.join(folder, name);
  return {
    folder,
    config: {
      apple: {
        passTypeId: TEST_PASS_TYPE_ID,
        teamId: TEST_TEAM_ID,
        certPath: file('pass.pem'),
        keyPath: file('pass.key'),
        wwdrPath: file('wwdr.pem'),
        push: options.push ?? false,
        logLevel: 'info',
      },
      google: { issuerId: TEST_ISSUER_ID, serviceAccountPath: serviceAccount },
    },
    wwdrPath: file('wwdr.pem'),
    pushServer: { certPath: file('push.pem'), keyPath: file('push.key') },
    googlePublicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
