// Answers at the transport's edge keep the envelope: a wrong method (405 with Allow), a request
// line too large for Node's parser (431), a path that escapes the web app (404).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ config: { webDist } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** Sends raw bytes over a socket and returns the whole answer, for what app.inject cannot send. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('a method the path does not answer', () => {
  it('is 405 with Allow, in the envelope and the caller\'s language', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/dev-api/api/v1/modelCode/pageList' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    expect(put.json()).toEqual({ errCode: 10003, errMsg: 'PUT is not allowed here; use GET, HEAD', data: null });

    const get = await t.app.inject({ method: 'GET', url: '/dev-api/api/v1/modelCode/add?lang=zh-CN' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.json()).toEqual({ errCode: 10003, errMsg: '此处不允许 GET，请使用 POST', data: null });
  });

  it('works for paths with parameters and the spec\'s double-slash path', async () => {
    const menu = await t.app.inject({ method: 'DELETE', url: '/dev-api/api/v1//system/menu/getRouters' });
    expect(menu.statusCode).toBe(405);
    const download = await t.app.inject({ method: 'POST', url: '/dev-api/resource/oss/download/42' });
    expect(download.statusCode).toBe(405);
    expect(download.headers.allow).toBe('GET, HEAD');
  });

  it('leaves unknown paths a 404', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/dev-api/api/v1/no/such' })).statusCode).toBe(404);
  });
});

describe('what the HTTP parser refuses', () => {
  it('answers a request line over 16 KB with 431 and the envelope', async () => {
    const answer = await raw(`GET /dev-api/api/v1/modelCode/pageList?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({ errCode: 10003, errMsg: 'The request line or headers are too large', data: null });
  });

  it('answers a malformed request with 400 and the envelope', async () => {
    const answer = await raw('NOT A REQUEST\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ errCode: 10003, errMsg: 'The request could not be understood', data: null });
  });
});

describe('the web app\'s files', () => {
  it('serve what is there, and answer a path that climbs out of the app as not found', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const escape = await raw('GET /assets/../../package.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(escape).toMatch(/^HTTP\/1\.1 404 /);
    expect(escape).not.toContain('"name"');
    const body = JSON.parse(escape.slice(escape.indexOf('\r\n\r\n') + 4)) as { errMsg: string };
    expect(body).toEqual({ errCode: 10003, errMsg: 'No such path: /assets/../../package.json', data: null });
  });
});
