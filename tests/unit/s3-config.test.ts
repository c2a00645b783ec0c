import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config.ts';
import { StartupError } from '../../server/lib/startup-error.ts';

// S3-compatible photo storage is switched on by configuration alone (ARCHITECTURE.md), all or nothing.

const KEYS = { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKIA-TEST', S3_SECRET_ACCESS_KEY: 'secret-test' };

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as Error).message;
  }
  throw new Error('expected a StartupError');
}

describe('S3 configuration', () => {
  it('is off without any S3 variable, and blank means unset', () => {
    expect(parseConfig({}).s3).toBeNull();
    expect(
      parseConfig({ S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '', S3_REGION: '' }).s3,
    ).toBeNull();
  });

  it('is on with a bucket and both keys, with AWS defaults', () => {
    expect(parseConfig(KEYS).s3).toEqual({
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIA-TEST',
      secretAccessKey: 'secret-test',
      forcePathStyle: false,
    });
  });

  it('reads another provider’s endpoint, region and path-style addressing', () => {
    const config = parseConfig({
      ...KEYS,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      forcePathStyle: true,
    });
  });

  it.each([
    { S3_BUCKET: 'photos' },
    { S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' },
    { ...KEYS, S3_BUCKET: '' },
  ])('refuses an incomplete set %j in one line', (env) => {
    const message = errorOf(() => parseConfig(env));
    expect(message).toMatch(/^Incomplete S3_BUCKET \/ S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: /);
    expect(message).not.toContain('\n');
  });

  it.each([
    [
      { S3_ENDPOINT: 'ftp://files.example.com' },
      /^Invalid S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    ],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /^Invalid S3_FORCE_PATH_STYLE: /],
  ])('names the bad variable: %j', (env, expected) => {
    expect(errorOf(() => parseConfig({ ...KEYS, ...env }))).toMatch(expected);
  });
});
