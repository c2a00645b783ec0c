import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { imageNodeOptions } from '../../scripts/lib/docker-image.ts';
import { parseConfig } from '../../server/config.ts';
import { serverPaths } from '../../src/routes.ts';
import { itWithProgram } from '../support/debian-programs.ts';
import { settingsOf } from '../support/settings-files.ts';

// The deploy files of a server without Docker (docs/deploy.md, "A plain server"), and the Caddyfile compose.yaml
// shares: the Caddyfile as Caddy itself reads it (`caddy adapt`, Debian's caddy), in each of its modes;
// the systemd unit as systemd reads it (`systemd-analyze verify`); the settings file as the server does.

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const INSTANCE_SETTINGS = ['NODE_ENV', 'HOST', 'PORT', 'DATA_DIR', 'MEDIA_DIR'];

describe('deploy/tapcard.env.example', () => {
  const settings = settingsOf('deploy/tapcard.env.example');

  it('is a production configuration the server accepts, once its secrets are filled in', () => {
    const config = parseConfig({
      ...settings,
      AUTH_SECRET: 'a'.repeat(64),
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '3000',
      DATA_DIR: '/var/lib/tapcard/3000',
      MEDIA_DIR: '/var/lib/tapcard/media',
    });
    expect(config.database.kind).toBe('postgres');
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.trustProxy).toEqual(['127.0.0.1']);
    expect(config.mediaDir).toBe('/var/lib/tapcard/media');
  });

  it("leaves each instance's own settings to the unit, and holds only the app's settings", () => {
    for (const name of INSTANCE_SETTINGS) expect(Object.keys(settings)).not.toContain(name);
    const appSettings = Object.keys(settingsOf('.env.example'));
    for (const name of Object.keys(settings)) expect(appSettings, name).toContain(name);
  });
});

describe('deploy/tapcard@.service', () => {
  const unit = read('deploy/tapcard@.service');

  it("sets each instance's own settings on its command line, and runs the image's memory settings", () => {
    // continuation lines joined, as systemd reads them
    const execStart = /^ExecStart=(.*)$/m.exec(unit.replace(/\\\n\s*/g, ' '))?.[1] ?? '';
    expect(execStart.startsWith('/usr/bin/env ')).toBe(true);
    for (const name of INSTANCE_SETTINGS) expect(execStart).toMatch(new RegExp(`\\b${name}=\\S+`));
    expect(execStart).toContain('PORT=%i');
    expect(execStart).toContain('DATA_DIR=/var/lib/tapcard/%i');
    expect(execStart.endsWith('/usr/bin/node dist/server/main.js')).toBe(true);
    expect(unit).toContain(`Environment="NODE_OPTIONS=${imageNodeOptions()}"`);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/tapcard\/tapcard\.env$/m);
    expect(unit).toMatch(/^User=tapcard$/m);
    expect(unit).toMatch(/^StateDirectory=tapcard\/%i tapcard\/media$/m);
  });

  itWithProgram('/usr/bin/systemd-analyze', 'systemd', 'is a unit systemd reads without a complaint', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tapcard-unit-'));
    try {
      cpSync(path.join(ROOT, 'deploy/tapcard@.service'), path.join(dir, 'tapcard@.service'));
      const verify = spawnSync('/usr/bin/systemd-analyze', ['verify', 'tapcard@3000.service'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(verify.status, verify.stderr).toBe(0);
      // systemd ignores a setting it cannot read, saying so: any word from it is a fault of the unit
      expect(`${verify.stdout}${verify.stderr}`.trim()).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

interface ReverseProxy {
  handler: 'reverse_proxy';
  upstreams?: { dial: string }[];
  dynamic_upstreams?: { source: string; name: string; port: string };
  health_checks?: { active?: { uri?: string; interval?: number } };
  load_balancing?: { try_duration?: number; selection_policy?: { policy: string } };
}

/** The Caddyfile as Caddy adapts it with `env`: the on-demand ask and every reverse proxy of its sites. */
function adaptCaddyfile(env: Record<string, string>): {
  ask: string;
  proxies: ReverseProxy[];
  hosts: string[];
} {
  const json = execFileSync(
    '/usr/bin/caddy',
    ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env },
      encoding: 'utf8',
    },
  );
  const config = JSON.parse(json) as {
    apps: {
      tls: { automation: { on_demand: { permission?: { endpoint: string }; ask?: string } } };
      http: { servers: Record<string, { routes: unknown[] }> };
    };
  };
  const proxies: ReverseProxy[] = [];
  const hosts: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.handler === 'reverse_proxy') proxies.push(record as unknown as ReverseProxy);
      if (Array.isArray(record.host)) hosts.push(...(record.host as string[]));
      Object.values(record).forEach(walk);
    }
  };
  walk(config.apps.http.servers);
  const onDemand = config.apps.tls.automation.on_demand;
  return { ask: onDemand.permission?.endpoint ?? onDemand.ask ?? '', proxies, hosts };
}

describe('deploy/Caddyfile', () => {
  const caddy = '/usr/bin/caddy';

  itWithProgram(caddy, 'caddy', 'on a plain server: the listed servers, each checked on /health', () => {
    const one = adaptCaddyfile({ TAPCARD_HOST: 'cards.example.com' });
    expect(one.hosts).toEqual(['cards.example.com']);
    expect(one.ask).toBe(`http://127.0.0.1:3000${serverPaths.tlsAsk}`);
    // the main address and the catch-all site of custom domains and card subdomains, alike
    expect(one.proxies).toHaveLength(2);
    for (const proxy of one.proxies) {
      expect(proxy.upstreams).toEqual([{ dial: '127.0.0.1:3000' }]);
      // a server that stops answering /health leaves the rotation until it answers again
      expect(proxy.health_checks?.active?.uri).toBe('/health');
      expect(proxy.health_checks?.active?.interval).toBe(5e9);
      expect(proxy.load_balancing?.try_duration).toBe(5e9);
    }
    const two = adaptCaddyfile({
      TAPCARD_HOST: 'cards.example.com',
      TAPCARD_UPSTREAMS: '127.0.0.1:3000 127.0.0.1:3001',
    });
    for (const proxy of two.proxies) {
      expect(proxy.upstreams).toEqual([{ dial: '127.0.0.1:3000' }, { dial: '127.0.0.1:3001' }]);
    }
  });

  itWithProgram(
    caddy,
    'caddy',
    "in compose.yaml: every replica found by name, asked over compose's network",
    () => {
      const compose = load(read('compose.yaml')) as {
        services: { caddy: { environment: Record<string, string> } };
      };
      const { TAPCARD_FIND, TAPCARD_ASK } = compose.services.caddy.environment;
      const adapted = adaptCaddyfile({
        TAPCARD_HOST: 'cards.example.com',
        TAPCARD_FIND: TAPCARD_FIND!,
        TAPCARD_ASK: TAPCARD_ASK!,
      });
      expect(adapted.ask).toBe(`http://tapcard:3000${serverPaths.tlsAsk}`);
      expect(adapted.proxies).toHaveLength(2);
      for (const proxy of adapted.proxies) {
        expect(proxy.upstreams).toBeUndefined();
        expect(proxy.dynamic_upstreams).toMatchObject({ source: 'a', name: 'tapcard', port: '3000' });
      }
    },
  );
});
