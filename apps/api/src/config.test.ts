import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
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

  it('refuses NODE_ENV=production without APP_ENV when demo data or the payment simulator would be on', () => {
    // Issue 26: an operator who sets only NODE_ENV=production must not get the published demo password
    // and a simulator that credits any wallet for free.
    expect(() => loadConfig({ NODE_ENV: 'production' }, freshDir())).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' }, freshDir())).toThrow(
      /NODE_ENV=production.*APP_ENV is not set.*demo accounts.*payment simulator.*APP_ENV=production.*APP_ENV=development/s,
    );
    // Demo data alone, or the simulator alone, is enough to refuse; the message names what would be on.
    const vnpay = {
      VNPAY_TMN_CODE: 'PWSHOP01',
      VNPAY_HASH_SECRET: 'MERCHANTSECRET1234',
      VNPAY_URL: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
      VNPAY_API_URL: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
    };
    expect(() => loadConfig({ NODE_ENV: 'production', ...vnpay }, freshDir())).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' }, freshDir())).toThrow(
      /payment simulator/,
    );
    // An empty APP_ENV is "not set", not a choice.
    expect(() => loadConfig({ NODE_ENV: 'production', APP_ENV: '' }, freshDir())).toThrow(/APP_ENV/);
    // Neither demo data nor the simulator: nothing dangerous to refuse.
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', ...vnpay }, freshDir()).appEnv).toBe(
      'development',
    );
  });

  it('runs development mode under NODE_ENV=production when APP_ENV says so explicitly (npm start, e2e)', () => {
    const development = loadConfig({ NODE_ENV: 'production', APP_ENV: 'development' }, freshDir());
    expect(development).toMatchObject({ appEnv: 'development', seedDemo: true });
    expect(development.payments?.provider).toBe('simulator');
    const test = loadConfig({ NODE_ENV: 'production', APP_ENV: 'test' }, freshDir());
    expect(test.payments?.provider).toBe('simulator');
    const production = loadConfig(
      {
        NODE_ENV: 'production',
        APP_ENV: 'production',
        JWT_SECRET: 'j'.repeat(40),
        COOKIE_SECRET: 'c'.repeat(40),
      },
      freshDir(),
    );
    expect(production).toMatchObject({ appEnv: 'production', seedDemo: false, payments: undefined });
    // Without NODE_ENV (npm run dev sets development), the default stays development as before.
    expect(loadConfig({ NODE_ENV: 'development' }, freshDir()).seedDemo).toBe(true);
  });

  it('fetches remote pictures from a private test host only outside production (REMOTE_IMAGES_ALLOW_HOST)', () => {
    expect(loadConfig({}, freshDir()).remoteImages).toEqual({
      allowHost: undefined,
      timeoutMs: 10_000,
      maxBytes: 5 * 1024 * 1024,
    });
    expect(
      loadConfig({ REMOTE_IMAGES_ALLOW_HOST: '127.0.0.1:4500' }, freshDir()).remoteImages.allowHost,
    ).toBe('127.0.0.1:4500');
    expect(() => loadConfig({ REMOTE_IMAGES_ALLOW_HOST: 'http://x' }, freshDir())).toThrow(
      /REMOTE_IMAGES_ALLOW_HOST: must be host:port/,
    );
    expect(() =>
      loadConfig(
        {
          APP_ENV: 'production',
          JWT_SECRET: 'j'.repeat(40),
          COOKIE_SECRET: 'c'.repeat(40),
          REMOTE_IMAGES_ALLOW_HOST: '127.0.0.1:4500',
        },
        freshDir(),
      ),
    ).toThrow(/REMOTE_IMAGES_ALLOW_HOST .* unset it when APP_ENV=production/);
  });

  it('runs one server process unless told otherwise, and several only on PostgreSQL', () => {
    const pg = 'postgres://prepwise@127.0.0.1:5432/prepwise';
    expect(loadConfig({}, freshDir()).workers).toBe(1);
    expect(loadConfig({ WORKERS: 'auto' }, freshDir()).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3', DATABASE_URL: pg }, freshDir()).workers).toBe(3);
    expect(loadConfig({ WORKERS: 'auto', DATABASE_URL: pg }, freshDir()).workers).toBe(
      availableParallelism(),
    );
    expect(() => loadConfig({ WORKERS: '2' }, freshDir())).toThrow(/WORKERS=2 needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: 'many', DATABASE_URL: pg }, freshDir())).toThrow(/WORKERS/);
    expect(() => loadConfig({ WORKERS: '0', DATABASE_URL: pg }, freshDir())).toThrow(/WORKERS/);
  });

  it('transcribes through the AI provider with whisper-1 unless AI_TRANSCRIPTION_MODEL says otherwise', () => {
    const provider = { AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'qwen2.5' };
    expect(loadConfig({}, freshDir()).ai).toBeUndefined();
    expect(loadConfig(provider, freshDir()).ai?.transcriptionModel).toBe('whisper-1');
    expect(
      loadConfig({ ...provider, AI_TRANSCRIPTION_MODEL: 'gpt-4o-mini-transcribe' }, freshDir()).ai
        ?.transcriptionModel,
    ).toBe('gpt-4o-mini-transcribe');
    // `offline`: the provider writes questions, PocketSphinx still transcribes.
    expect(loadConfig({ ...provider, AI_TRANSCRIPTION_MODEL: 'offline' }, freshDir()).ai).toMatchObject({
      model: 'qwen2.5',
      transcriptionModel: null,
    });
    expect(() => loadConfig({ AI_TRANSCRIPTION_MODEL: 'whisper-1' }, freshDir())).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ ...provider, AI_TRANSCRIPTION_MODEL: 'whisper 1' }, freshDir())).toThrow(
      /AI_TRANSCRIPTION_MODEL/,
    );
  });

  it('explains an invalid value', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, freshDir())).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' }, freshDir())).toThrow(/DATABASE_URL/);
  });

  it('keeps uploads in DATA_DIR without S3 variables, and reads a complete S3 set', () => {
    expect(loadConfig({}, freshDir()).s3).toBeUndefined();
    const s3 = {
      S3_BUCKET: 'prepwise-media',
      S3_REGION: 'ap-southeast-1',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3, freshDir()).s3).toEqual({
      bucket: 'prepwise-media',
      endpoint: 'https://s3.ap-southeast-1.amazonaws.com',
      region: 'ap-southeast-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig(
        {
          ...s3,
          S3_ENDPOINT: 'http://minio:9000/',
          S3_FORCE_PATH_STYLE: 'true',
          S3_PREFIX: '/prepwise/uploads/',
        },
        freshDir(),
      ).s3,
    ).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true, prefix: 'prepwise/uploads/' });
  });

  it('payments: VNPay when configured, the local simulator outside production, none in production', () => {
    const vnpay = {
      VNPAY_TMN_CODE: 'PWSHOP01',
      VNPAY_HASH_SECRET: 'MERCHANTSECRET1234',
      VNPAY_URL: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
      VNPAY_API_URL: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
    };
    expect(loadConfig(vnpay, freshDir()).payments).toEqual({
      provider: 'vnpay',
      tmnCode: 'PWSHOP01',
      hashSecret: 'MERCHANTSECRET1234',
      paymentUrl: vnpay.VNPAY_URL,
      apiUrl: vnpay.VNPAY_API_URL,
    });
    expect(() => loadConfig({ VNPAY_TMN_CODE: 'PWSHOP01' }, freshDir())).toThrow(
      /VNPAY_HASH_SECRET, VNPAY_URL, VNPAY_API_URL are missing/,
    );
    const simulated = loadConfig({ PORT: '4100' }, freshDir()).payments;
    expect(simulated).toMatchObject({
      provider: 'simulator',
      paymentUrl: 'http://localhost:4100/payment-simulator',
    });
    expect(simulated?.hashSecret).toHaveLength(64);
    const production = {
      APP_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      COOKIE_SECRET: 'c'.repeat(40),
    };
    expect(loadConfig(production, freshDir()).payments).toBeUndefined();
    expect(loadConfig({ ...production, ...vnpay }, freshDir()).payments?.provider).toBe('vnpay');
  });

  it('refuses a half S3 configuration and names what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'prepwise-media', S3_REGION: 'auto' }, freshDir())).toThrow(
      /S3_BUCKET, S3_REGION are set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'https://r2.example.com' }, freshDir())).toThrow(
      /S3_ENDPOINT is set but S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' }, freshDir())).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'ftp://files.example.com' }, freshDir())).toThrow(/S3_ENDPOINT/);
  });
});
