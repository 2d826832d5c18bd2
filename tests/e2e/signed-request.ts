// The signed query of an API call, as the web app builds it (PROTOCOL.md "Request signing"), for
// the calls a browser test makes outside the page.
import { bodyHash, signatureParams } from '../../src/lib/signing';

export const WEB_CLIENT = { clientId: 'web', clientSecret: 'portal-web-public' };

export interface SignedCall {
  query?: Record<string, string>;
  form?: Record<string, string>;
  /** The JSON body, exactly as it will be sent. */
  payload?: string;
  client?: { clientId: string; clientSecret: string };
}

/** `path` with the call's own query and its signature. */
export function signedPath(path: string, call: SignedCall = {}): string {
  const query = { ...call.query, ...(call.payload !== undefined ? { bodyHash: bodyHash(call.payload) } : {}) };
  const client = call.client ?? WEB_CLIENT;
  const signed = signatureParams(client.clientSecret, { clientId: client.clientId, appProjectName: 'portal', lang: 'en' }, { ...call.form, ...query });
  return `${path}?${new URLSearchParams({ ...query, ...signed })}`;
}
