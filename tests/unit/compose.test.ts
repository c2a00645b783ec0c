import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { serverPaths } from '../../src/routes.ts';

// compose.yaml runs Tapcard scaled out (README, "Running several servers"): one PostgreSQL, one bucket, two
// or more servers with the same settings, Caddy in front. Docker is not at hand in the tests: this reads
// the file as Compose would and checks what the deployment depends on.

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Service {
  image?: string;
  build?: unknown;
  command?: unknown;
  entrypoint?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
  volumes?: string[];
  restart?: string;
  ports?: string[];
}

interface ComposeFile {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

const compose = load(readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8')) as ComposeFile;
const { services } = compose;

function service(name: string): Service {
  const found = services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
}

/** The services that run the Tapcard server (the image's default command), not its one-shot jobs. */
const servers = Object.entries(services).filter(
  ([, s]) => s.image?.startsWith('tapcard') && s.command === undefined,
);

const SHARED = [
  'DATABASE_URL',
  'AUTH_SECRET',
  'PUBLIC_URL',
  'CARD_DOMAIN',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
];

describe('compose.yaml', () => {
  it('runs PostgreSQL, MinIO with a one-shot bucket creation, Tapcard and Caddy', () => {
    expect(service('postgres').image).toMatch(/^postgres:1[5-9]/);
    expect(service('minio').image).toMatch(/^minio\/minio/);
    const init = service('minio-init');
    expect(init.image).toMatch(/^minio\/mc/);
    expect(init.restart).toBe('no');
    expect(JSON.stringify(init.entrypoint)).toContain('mc mb --ignore-existing');
    expect(service('caddy').image).toMatch(/^caddy:2/);
  });

  it('runs two or more Tapcard servers', () => {
    const count = servers.reduce((sum, [, s]) => sum + (s.deploy?.replicas ?? 1), 0);
    expect(count).toBeGreaterThanOrEqual(2);
  });

  it('gives every server, and the migration, the same shared settings', () => {
    const migrate = service('migrate');
    expect(migrate.command).toEqual(['node', 'dist/server/migrate.js']);
    const all = [...servers.map(([, s]) => s), migrate];
    for (const s of all) {
      for (const name of SHARED) {
        expect(s.environment, name).toHaveProperty(name);
        expect(s.environment?.[name], name).toBe(servers[0]?.[1].environment?.[name]);
      }
      expect(s.environment?.NODE_ENV).toBe('production');
    }
    const env = servers[0]?.[1].environment ?? {};
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/tapcard:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\//);
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(env.S3_FORCE_PATH_STYLE).toBe('true');
    expect(env.PUBLIC_URL).toMatch(/^https:\/\/\$\{TAPCARD_HOST:\?/);
  });

  it('takes every secret from the environment and refuses to start without it', () => {
    const env = servers[0]?.[1].environment ?? {};
    expect(env.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?.+\}$/);
    expect(env.S3_SECRET_ACCESS_KEY).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?.+\}$/);
    // production refuses to start without a mail server (server/config.ts), so compose asks for one first
    expect(env.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?.+\}$/);
    expect(service('postgres').environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    expect(service('minio').environment?.MINIO_ROOT_PASSWORD).toMatch(/^\$\{MINIO_ROOT_PASSWORD:\?.+\}$/);
    // and the example .env names each variable compose.yaml requires
    const required = new Set(
      [...readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8').matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]),
    );
    const example = readFileSync(path.join(ROOT, 'deploy/.env.example'), 'utf8');
    for (const name of required) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it('starts each part only once what it needs is ready', () => {
    for (const name of ['postgres', 'minio', ...servers.map(([n]) => n)]) {
      expect(service(name).healthcheck?.test.length, name).toBeGreaterThan(1);
    }
    expect(service('minio-init').depends_on?.minio?.condition).toBe('service_healthy');
    expect(service('migrate').depends_on?.postgres?.condition).toBe('service_healthy');
    for (const [name, s] of servers) {
      expect(s.depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        'minio-init': { condition: 'service_completed_successfully' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
    for (const [name] of servers) {
      expect(service('caddy').depends_on?.[name]?.condition).toBe('service_healthy');
    }
  });

  it('keeps the data of PostgreSQL, MinIO and Caddy in named volumes', () => {
    const mounts = (name: string) => service(name).volumes ?? [];
    expect(mounts('postgres')).toContain('postgres-data:/var/lib/postgresql/data');
    expect(mounts('minio')).toContain('minio-data:/data');
    expect(mounts('caddy')).toContain('caddy-data:/data');
    expect(Object.keys(compose.volumes)).toEqual(
      expect.arrayContaining(['postgres-data', 'minio-data', 'caddy-data', 'caddy-config']),
    );
    // DATA_DIR holds one process's spilled counts: never a volume shared by the servers
    for (const [, s] of servers) expect(s.volumes ?? []).toEqual([]);
  });

  it('puts Caddy in front with its Caddyfile, and the servers trust only Caddy’s address', () => {
    const caddy = service('caddy');
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyAddress = (caddy as { networks?: { default?: { ipv4_address?: string } } }).networks?.default
      ?.ipv4_address;
    expect(caddyAddress).toBeDefined();
    for (const [, s] of servers) expect(s.environment?.TRUST_PROXY).toBe(caddyAddress);
    for (const [, s] of servers) expect(s.ports ?? []).toEqual([]);
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8');
  const active = caddyfile
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');

  it('serves TAPCARD_HOST with automatic TLS and spreads requests over every server', () => {
    expect(active).toMatch(/^\{\$TAPCARD_HOST\} \{/m);
    expect(active).not.toMatch(/\btls internal\b|auto_https off/);
    expect(active).toMatch(/dynamic a \{\s*name tapcard\s*port 3000/);
  });

  it('gets certificates on demand only for the names Tapcard says it answers', () => {
    // one ask for the whole server, Tapcard's endpoint over the compose network
    expect(active).toMatch(/^\{\s*on_demand_tls \{\s*ask (\S+)\s*\}\s*\}/);
    const ask = /on_demand_tls \{\s*ask (\S+)/.exec(active)?.[1];
    expect(ask).toBe(`http://tapcard:3000${serverPaths.tlsAsk}`);
    // the catch-all site (custom domains, card subdomains) gets its certificates that way, to the same servers
    expect(active).toMatch(/^https:\/\/ \{\s*tls \{\s*on_demand\s*\}\s*import tapcard\s*\}/m);
  });
});
