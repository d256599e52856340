import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'prepwise-config-'));

describe('configuration', () => {
  it('runs with no configuration at all: PGlite in ./.data on port 3000 with demo seeding', () => {
    const cwd = freshDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      appEnv: 'development',
      port: 3000,
      dataDir: path.join(cwd, '.data'),
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('generates development secrets once into DATA_DIR and reuses them', () => {
    const cwd = freshDir();
    const first = loadConfig({ DATA_DIR: 'data' }, cwd);
    const file = path.join(cwd, 'data/secrets.json');
    expect(first.secrets.jwt.length).toBeGreaterThanOrEqual(32);
    expect(first.secrets.jwt).not.toBe(first.secrets.cookie);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).JWT_SECRET).toBe(first.secrets.jwt);
    const second = loadConfig({ DATA_DIR: 'data' }, cwd);
    expect(second.secrets).toEqual(first.secrets);
  });

  it('refuses to start in production without secrets and names the missing variables', () => {
    expect(() => loadConfig({ APP_ENV: 'production' }, freshDir())).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, freshDir())).toThrow(
      /COOKIE_SECRET/,
    );
  });

  it('starts in production with secrets, without demo seeding', () => {
    const config = loadConfig(
      { APP_ENV: 'production', JWT_SECRET: 'j'.repeat(40), COOKIE_SECRET: 'c'.repeat(40) },
      freshDir(),
    );
    expect(config.seedDemo).toBe(false);
    expect(config.secrets.jwt).toBe('j'.repeat(40));
  });

  it('explains an invalid value', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, freshDir())).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' }, freshDir())).toThrow(/DATABASE_URL/);
  });
});
