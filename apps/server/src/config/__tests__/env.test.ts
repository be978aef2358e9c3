import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../env';

const SECRET = 'a-production-secret-of-32-chars!';

/** The problems loadConfig reports for an environment, or [] when it loads. */
function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
}
const keys = (list: string[]) => list.map((p) => p.split(' ')[0]);

describe('loadConfig defaults', () => {
  it('when nothing is set, then it runs in development on port 3000 with PGlite under .data and the sandbox', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: '.data',
      uploadDir: '.data/uploads',
      cookieSecure: false,
      seedDemo: true,
      admin: undefined,
      paypal: undefined,
      cloudinaryUrl: undefined,
      paypalCurrency: 'INR',
      jwtExpiresIn: '7d',
    });
    // no constant in the source: the installation's own secret is generated in the database at start-up
    expect(c.jwtSecret).toBeUndefined();
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('when in production without PayPal keys, then no payment provider unless the sandbox is allowed by name', () => {
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }).paymentProvider).toBe('none');
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ALLOW_SANDBOX_PAYMENTS: 'true' })
        .paymentProvider,
    ).toBe('sandbox');
    expect(loadConfig({ ALLOW_SANDBOX_PAYMENTS: 'false' }).paymentProvider).toBe('none');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: SECRET,
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 's',
      }).paymentProvider,
    ).toBe('paypal');
  });

  it('when values are empty strings, then they count as unset', () => {
    const c = loadConfig({ PORT: '', DATABASE_URL: '', PAYPAL_CLIENT_ID: '', JWT_SECRET: '' });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.paypal).toBeUndefined();
  });

  it('when in production, then there is no demo data and cookies are Secure', () => {
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET });
    expect(c).toMatchObject({ isProduction: true, seedDemo: false, cookieSecure: true, jwtSecret: SECRET });
  });

  it('when the operator overrides the flags, then the overrides win', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'no',
    });
    expect(c.cookieSecure).toBe(false);
    expect(c.seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('when the main keys are given, then they are read', () => {
    const c = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://haat.example.in/',
      DATABASE_URL: 'postgresql://mp:mp@db:5432/mp',
      DATA_DIR: '/var/lib/haat',
      UPLOAD_DIR: '/srv/uploads',
      ADMIN_EMAIL: 'root@haat.example.in',
      ADMIN_PASSWORD: 'long-enough',
      CLOUDINARY_URL: 'cloudinary://key:secret@demo',
    });
    expect(c).toMatchObject({
      port: 8080,
      publicUrl: 'https://haat.example.in',
      databaseUrl: 'postgresql://mp:mp@db:5432/mp',
      dataDir: '/var/lib/haat',
      uploadDir: '/srv/uploads',
      admin: { email: 'root@haat.example.in', password: 'long-enough' },
      cloudinaryUrl: 'cloudinary://key:secret@demo',
    });
  });

  it('when a read replica is given, then catalogue reads have its URL and a pool of the primary size unless set', () => {
    const primary = 'postgres://mp:mp@db:5432/mp';
    const replica = 'postgres://mp:mp@replica:5432/mp';
    expect(
      loadConfig({ DATABASE_URL: primary, DATABASE_POOL_MAX: '7', DATABASE_READ_URL: replica }),
    ).toMatchObject({ databaseReadUrl: replica, databaseReadPoolMax: 7 });
    expect(
      loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica, DATABASE_READ_POOL_MAX: '30' }),
    ).toMatchObject({ databaseReadPoolMax: 30 });
    expect(loadConfig({})).toMatchObject({ databaseReadUrl: undefined });
  });

  it('when both PayPal keys are set, then PayPal is configured with the API base without a trailing slash', () => {
    const c = loadConfig({
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_BASE: 'http://127.0.0.1:4010/',
    });
    expect(c.paypal).toMatchObject({
      clientId: 'id',
      clientSecret: 'secret',
      apiBase: 'http://127.0.0.1:4010',
      currency: 'INR',
      timeoutMs: 15000,
    });
  });
});

describe('loadConfig errors', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PAYPAL_CLIENT_ID: 'id' }, 'PAYPAL_CLIENT_SECRET'],
    [{ PAYPAL_CLIENT_SECRET: 'secret' }, 'PAYPAL_CLIENT_SECRET'],
    [{ ADMIN_EMAIL: 'root@haat.in' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_EMAIL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE'],
    [{ JWT_EXPIRES_IN: 'forever' }, 'JWT_EXPIRES_IN'],
    [{ CLOUDINARY_URL: 'https://cloudinary.com' }, 'CLOUDINARY_URL'],
    [{ PAYPAL_CURRENCY: 'rupees' }, 'PAYPAL_CURRENCY'],
    [{ DATABASE_READ_URL: 'postgres://mp@replica/mp' }, 'DATABASE_READ_URL'],
    [{ DATABASE_URL: 'postgres://mp@db/mp', DATABASE_READ_URL: 'mysql://replica/mp' }, 'DATABASE_READ_URL'],
  ])('when the environment is %j, then a ConfigError names %s', (env, key) => {
    expect(keys(problems(env))).toEqual([key]);
  });

  it('when several keys are wrong at once, then the ConfigError lists every one of them', () => {
    const list = problems({
      NODE_ENV: 'production',
      PORT: 'eighty',
      DATABASE_URL: 'mongodb://localhost/haat',
      PAYPAL_CLIENT_ID: 'id-without-secret',
    });
    expect(keys(list).sort()).toEqual(['DATABASE_URL', 'JWT_SECRET', 'PAYPAL_CLIENT_SECRET', 'PORT']);
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', PORT: 'eighty' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/- PORT /);
    expect(message).toMatch(/- JWT_SECRET is required in production/);
  });
});
