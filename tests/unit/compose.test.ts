import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { serverPaths } from '../../src/routes.ts';
import { settingsOf } from '../support/settings-files.ts';

// compose.yaml runs Tapcard scaled out on one machine (docs/deploy.md, "Running several servers"): one PostgreSQL,
// two or more servers with the same settings sharing one photo volume, Caddy in front. Docker is not at
// hand in the tests: this reads the file as Compose would and checks what the deployment depends on.

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Service {
  image?: string;
  build?: unknown;
  command?: unknown;
  entrypoint?: unknown;
  env_file?: string | string[];
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

const composeText = readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
const compose = load(composeText) as ComposeFile;
const deployEnv = readFileSync(path.join(ROOT, 'deploy/.env.example'), 'utf8');
const deploySettings = Object.keys(settingsOf('deploy/.env.example'));

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

/** Settings compose.yaml sets itself, the same for every server. */
const SHARED = ['DATABASE_URL', 'AUTH_SECRET', 'PUBLIC_URL', 'SMTP_URL', 'MEDIA_DIR', 'TRUST_PROXY'];

describe('compose.yaml', () => {
  it('runs PostgreSQL, Tapcard and Caddy, each image it pulls pinned to a release, and needs no MinIO', () => {
    expect(Object.keys(services).sort()).toEqual(['caddy', 'migrate', 'postgres', 'tapcard']);
    expect(service('postgres').image).toMatch(/^postgres:1[5-9]\./);
    // 2.11.4 retries a POST refused by a stopped server with its body (caddyserver/caddy#7715)
    expect(service('caddy').image).toMatch(/^caddy:2\.(11\.([4-9]|\d\d)|1[2-9]\.\d+)$/);
    for (const [name, s] of Object.entries(services)) {
      if (s.build !== undefined) {
        // built from this checkout; the Dockerfile pins its own base (tests/unit/node-version.test.ts)
        expect(s.build, name).toBe('.');
        continue;
      }
      // name:major.minor(.patch), with or without a variant: never latest, never a bare major
      expect(s.image, name).toMatch(/^[a-z0-9./-]+:\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?$/);
    }
    expect(composeText).not.toMatch(/minio/i);
    expect(composeText).toMatch(/Needs Docker Compose v2/);
  });

  it('runs two or more Tapcard servers', () => {
    const count = servers.reduce((sum, [, s]) => sum + (s.deploy?.replicas ?? 1), 0);
    expect(count).toBeGreaterThanOrEqual(2);
  });

  it('gives every server, and the migration, the same settings: all of .env, and what compose derives', () => {
    const migrate = service('migrate');
    expect(migrate.command).toEqual(['node', 'dist/server/migrate.js']);
    const all = [...servers.map(([, s]) => s), migrate];
    for (const s of all) {
      // every line of .env reaches the servers: any setting of docs/configuration.md may go there
      expect(s.env_file).toBe('.env');
      for (const name of SHARED) {
        expect(s.environment, name).toHaveProperty(name);
        expect(s.environment?.[name], name).toBe(servers[0]?.[1].environment?.[name]);
      }
      expect(s.environment?.NODE_ENV).toBe('production');
    }
    const env = servers[0]?.[1].environment ?? {};
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/tapcard:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\//);
    expect(env.PUBLIC_URL).toMatch(/^https:\/\/\$\{TAPCARD_HOST:\?/);
    // what deploy/.env.example lists is a setting of the app (the root .env.example) or of compose.yaml
    const appSettings = Object.keys(settingsOf('.env.example'));
    const composeSettings = [...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]);
    for (const name of deploySettings) {
      expect(appSettings.includes(name) || composeSettings.includes(name), name).toBe(true);
    }
  });

  it('keeps photos in one volume every server shares, or in the S3 bucket .env names', () => {
    for (const [name, s] of servers) {
      expect(s.environment?.MEDIA_DIR, name).toBe('/photos');
      expect(s.volumes, name).toEqual(['photos:/photos']);
    }
    expect(Object.keys(compose.volumes)).toContain('photos');
    // owned by the image's user, so a new volume mounted there starts writable
    expect(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')).toMatch(/chown node:node \/data \/photos/);
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_ENDPOINT']) {
      expect(deploySettings, name).toContain(name);
    }
  });

  it('takes every secret from the environment and refuses to start without it', () => {
    const env = servers[0]?.[1].environment ?? {};
    expect(env.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?.+\}$/);
    // production refuses to start without a mail server (server/config.ts), so compose asks for one first
    expect(env.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?.+\}$/);
    expect(service('postgres').environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    // and the example .env names each variable compose.yaml requires
    const required = new Set([...composeText.matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]));
    for (const name of required) expect(deployEnv).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it('starts each part only once what it needs is ready', () => {
    for (const name of ['postgres', ...servers.map(([n]) => n)]) {
      expect(service(name).healthcheck?.test.length, name).toBeGreaterThan(1);
    }
    expect(service('migrate').depends_on?.postgres?.condition).toBe('service_healthy');
    for (const [name, s] of servers) {
      expect(s.depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
    for (const [name] of servers) {
      expect(service('caddy').depends_on?.[name]?.condition).toBe('service_healthy');
    }
  });

  it('keeps the data of PostgreSQL, the photos and Caddy in named volumes', () => {
    const mounts = (name: string) => service(name).volumes ?? [];
    expect(mounts('postgres')).toContain('postgres-data:/var/lib/postgresql/data');
    expect(mounts('caddy')).toContain('caddy-data:/data');
    expect(Object.keys(compose.volumes)).toEqual(
      expect.arrayContaining(['postgres-data', 'photos', 'caddy-data', 'caddy-config']),
    );
    // DATA_DIR holds one process's spilled counts: never a volume shared by the servers
    for (const [, s] of servers)
      expect((s.volumes ?? []).filter((mount) => mount.endsWith(':/data'))).toEqual([]);
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

  // where its servers are found and the ask goes, in compose.yaml's mode and a plain server's, is read
  // by Caddy itself in tests/unit/plain-server.test.ts
  it('serves TAPCARD_HOST with automatic TLS', () => {
    expect(active).toMatch(/^\{\$TAPCARD_HOST\} \{/m);
    expect(active).not.toMatch(/\btls internal\b|auto_https off/);
  });

  it('gets certificates on demand only for the names Tapcard says it answers', () => {
    // one ask for the whole server, Tapcard's endpoint
    expect(active).toMatch(/^\{\s*on_demand_tls \{\s*ask (\S+)\s*\}\s*\}/);
    expect(/on_demand_tls \{\s*ask (\S+)/.exec(active)?.[1]).toMatch(new RegExp(`${serverPaths.tlsAsk}$`));
    // the catch-all site (custom domains, card subdomains) gets its certificates that way, to the same servers
    expect(active).toMatch(/^https:\/\/ \{\s*tls \{\s*on_demand\s*\}\s*import tapcard\s*\}/m);
  });
});
