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

  it('bounds MQTT packets at 8 MiB unless MQTT_MAX_PACKET_BYTES says otherwise, and refuses a bound that bounds nothing', () => {
    expect(loadConfig({}).mqttMaxPacketBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ MQTT_MAX_PACKET_BYTES: '65536' }).mqttMaxPacketBytes).toBe(65_536);
    for (const bad of ['lots', '1e6', '-1', '100', '268435461']) expect(() => loadConfig({ MQTT_MAX_PACKET_BYTES: bad }), bad).toThrow(/MQTT_MAX_PACKET_BYTES/);
    expect(loadConfig({}).mqttConnectTimeoutMs).toBe(10_000);
    expect(loadConfig({ MQTT_CONNECT_TIMEOUT_MS: '2500' }).mqttConnectTimeoutMs).toBe(2500);
    expect(() => loadConfig({ MQTT_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/MQTT_CONNECT_TIMEOUT_MS/);
  });

  it('takes the largest telemetry batch in one MQTT packet by default: 5,000 records of the longest form', () => {
    // 17 significant digits and a 3-digit exponent: the longest a double prints (from text: as a
    // literal it has more digits than a double holds).
    const tiny = Number('1.2345678901234567e-300');
    const record = {
      sn: 'A'.repeat(30), ts: '2026-03-01T12:00:00.000+05:30', pvPower: tiny, acPower: -tiny, gridPower: -tiny, loadPower: tiny,
      batteryPower: -tiny, batterySoc: tiny, pvEnergyTotal: tiny, gridImportTotal: tiny, gridExportTotal: tiny, loadEnergyTotal: tiny,
      batteryChargeTotal: tiny, batteryDischargeTotal: tiny, temperature: -tiny, faultCode: 2147483647,
    };
    expect(JSON.stringify(record)).toHaveLength(616);
    const payload = JSON.stringify(Array.from({ length: 5000 }, () => record)).length;
    // PUBLISH: type and a 4-byte remaining length, the topic with its length, the packet id.
    const packet = 1 + 4 + 2 + `portal/telemetry/${record.sn}`.length + 2 + payload;
    expect(packet * 2).toBeLessThan(loadConfig({}).mqttMaxPacketBytes);
  });
});
