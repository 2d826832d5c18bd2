import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

const catalogue: Record<string, string> = { 'errors.network': 'offline', 'errors.timeout': 'slow', 'errors.10005': 'no permission', 'errors.unknown': 'unknown' };
const t = (key: string) => catalogue[key] ?? key;

describe('errorText', () => {
  it('names transport failures and timeouts, whatever the message', () => {
    expect(errorText(t, { errCode: -1, message: 'network' })).toBe('offline');
    expect(errorText(t, { errCode: -2, message: 'timeout' })).toBe('slow');
  });

  it('names the HTTP status of an answer that is not the envelope', () => {
    const withStatus = (key: string, options?: Record<string, unknown>) => (key === 'errors.httpStatus' ? `HTTP ${String(options?.status)} failed` : key);
    expect(errorText(withStatus, { errCode: -3, message: 'HTTP 502', status: 502 })).toBe('HTTP 502 failed');
  });

  it('prefers the server message, then the catalogue, then the unknown-error text', () => {
    expect(errorText(t, { errCode: 10003, message: 'phone: already registered' })).toBe('phone: already registered');
    expect(errorText(t, { errCode: 10005, message: '' })).toBe('no permission');
    expect(errorText(t, { errCode: 12345, message: '' })).toBe('unknown');
  });
});
