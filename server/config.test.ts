import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('reads SITE as global, cn or au, and refuses anything else', () => {
    expect(loadConfig({}).site).toBe('global');
    expect(loadConfig({ SITE: 'CN' }).site).toBe('cn');
    expect(loadConfig({ SITE: 'au' }).site).toBe('au');
    expect(() => loadConfig({ SITE: 'eu' })).toThrow(/SITE/);
  });

  it('gives the embedded defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, databaseUrl: undefined, demo: true, webClientKey: 'portal-web-public', apiPrefix: '/dev-api', accessTokenTtlS: 7200, trustProxy: false });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names PostgreSQL statements unless DATABASE_NAMED_STATEMENTS turns it off (a pooler that moves transactions)', () => {
    expect(loadConfig({}).databaseNamedStatements).toBe(true);
    expect(loadConfig({ DATABASE_NAMED_STATEMENTS: '0' }).databaseNamedStatements).toBe(false);
  });

  it('turns the demo off with a real database unless DEMO says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'off' }).demo).toBe(false);
  });

  it('reads TRUST_PROXY as a flag, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,192.168.0.0/16' }).trustProxy).toBe('10.0.0.1,192.168.0.0/16');
  });

  it('checks answers against the contract: logging in development, not at all in production, strictly when asked', () => {
    expect(loadConfig({}).responseContract).toBe('log');
    expect(loadConfig({ NODE_ENV: 'production' }).responseContract).toBe('off');
    expect(loadConfig({ VALIDATE_RESPONSES: 'strict', NODE_ENV: 'production' }).responseContract).toBe('strict');
    expect(loadConfig({ VALIDATE_RESPONSES: '1' }).responseContract).toBe('strict');
    expect(loadConfig({ VALIDATE_RESPONSES: 'off' }).responseContract).toBe('off');
  });

  it('reads PUBLIC_URL without its trailing slash, and leaves it unset by default', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe('https://portal.example.com');
  });
});
