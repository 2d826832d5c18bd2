// @vitest-environment jsdom
// The client's session and organisation rules against a fake server: 10004 refreshes once and
// retries, a failed refresh ends the session, calls that take searchOfficeIdArr get the chosen
// organisation, and exports are read as files or as the envelope of their failure.
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, pathOf, installFakeServer } from './fake-server';

const fake = installFakeServer();
const bearer = (request: Request) => request.headers.get('authorization');

describe('an expired access token (10004)', () => {
  it('is refreshed once, the call retried with the new token, and the view told to reload', async () => {
    fake.reply = async (request) => {
      if (pathOf(request) === '/api/v1/sys/refreshToken') return envelope(0, { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 5 });
      return bearer(request) === 'Bearer access-2' ? envelope(0, { list: [], total: 0, pageNo: 1, pageSize: 10 }) : envelope(10004);
    };
    await expect(fake.client.call('pageList')).resolves.toEqual({ list: [], total: 0, pageNo: 1, pageSize: 10 });
    expect(fake.requests.map(pathOf)).toEqual(['/api/v1/modelCode/pageList', '/api/v1/sys/refreshToken', '/api/v1/modelCode/pageList']);
    expect(new URLSearchParams(await fake.requests[1]!.text()).get('refreshToken')).toBe('refresh-1');
    expect(fake.storage.getToken()).toBe('access-2');
    expect(fake.storage.getRefreshToken()).toBe('refresh-2');
    expect(fake.events.refreshed).toHaveBeenCalledTimes(1);
    expect(fake.events.sessionEnded).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that expire together', async () => {
    let refreshes = 0;
    fake.reply = async (request) => {
      if (pathOf(request) === '/api/v1/sys/refreshToken') {
        refreshes += 1;
        return envelope(0, { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 5 });
      }
      return bearer(request) === 'Bearer access-2' ? envelope(0, []) : envelope(10004);
    };
    await Promise.all([fake.client.call('getRouters', { query: { platformType: 4 } }), fake.client.call('getApiInfo'), fake.client.call('getRouters', { query: { platformType: 4 } })]);
    expect(refreshes).toBe(1);
  });

  it('ends the session when the refresh fails: stored keys cleared, no second refresh', async () => {
    fake.reply = async (request) => (pathOf(request) === '/api/v1/sys/refreshToken' ? envelope(10002) : envelope(10004));
    await expect(fake.client.call('getApiInfo')).rejects.toMatchObject({ errCode: 10004 });
    expect(fake.requests.map(pathOf)).toEqual(['/api/v1/sys/office/getApiInfo', '/api/v1/sys/refreshToken']);
    expect(fake.events.sessionEnded).toHaveBeenCalledTimes(1);
    expect(fake.events.sessionEnded.mock.calls[0]![0]).toMatchObject({ errCode: 10004 });
    expect(fake.storage.getToken()).toBeUndefined();
    expect(fake.storage.getRefreshToken()).toBeUndefined();
  });
});

describe('a dead session', () => {
  it.each([10002, 10007])('reports %i once and does not refresh', async (errCode) => {
    fake.reply = async () => envelope(errCode);
    await expect(fake.client.call('getApiInfo')).rejects.toMatchObject({ errCode });
    expect(fake.requests.map(pathOf)).toEqual(['/api/v1/sys/office/getApiInfo']);
    expect(fake.events.sessionEnded).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('clears exactly the stored keys of 000 section 4 and the token cookie', () => {
    const kept = [fake.storage.keys.lang, fake.storage.keys.rememberMe, fake.storage.keys.sidebarOpen, fake.storage.keys.permissions];
    for (const key of [...fake.storage.SESSION_KEYS, ...kept]) fake.storage.save(key, 'x');
    fake.storage.clearSession();
    expect(fake.storage.SESSION_KEYS.filter((key) => localStorage.getItem(key) !== null)).toEqual([]);
    expect(kept.filter((key) => localStorage.getItem(key) === null)).toEqual([]);
    expect(fake.storage.getToken()).toBeUndefined();
  });
});

describe('the chosen organisation', () => {
  beforeEach(() => {
    fake.reply = async () => envelope(0, { list: [], total: 0, pageNo: 1, pageSize: 10 });
  });

  it('narrows the calls that take searchOfficeIdArr, and only those', async () => {
    fake.storage.setCurrentOrganisation({ officeId: '11', officeName: 'North' });
    await fake.client.call('companyAccountList', { query: { pageNo: 1 } });
    await fake.client.call('pageList');
    expect(new URL(fake.requests[0]!.url).searchParams.get('searchOfficeIdArr')).toBe('11');
    expect(new URL(fake.requests[1]!.url).searchParams.has('searchOfficeIdArr')).toBe(false);
  });

  it('leaves an explicit searchOfficeIdArr alone, and adds nothing without a choice', async () => {
    fake.storage.setCurrentOrganisation({ officeId: '11', officeName: 'North' });
    await fake.client.call('companyAccountList', { query: { searchOfficeIdArr: '12' } });
    fake.storage.remove(fake.storage.keys.currentOrange);
    await fake.client.call('companyAccountList');
    expect(new URL(fake.requests[0]!.url).searchParams.get('searchOfficeIdArr')).toBe('12');
    expect(new URL(fake.requests[1]!.url).searchParams.has('searchOfficeIdArr')).toBe(false);
  });
});

describe('exports', () => {
  it('answer the file with the name from download-filename, reporting progress', async () => {
    fake.reply = async () => new Response(new Uint8Array([80, 75, 3, 4]), {
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-length': '4', 'download-filename': encodeURIComponent('账号 2026.xlsx') },
    });
    const progress: [number, number | undefined][] = [];
    const file = await fake.client.download('exportCompanyAccountList', { onDownloadProgress: (received, total) => progress.push([received, total]) });
    expect(file.filename).toBe('账号 2026.xlsx');
    expect(file.blob.size).toBe(4);
    expect(progress.at(-1)).toEqual([4, 4]);
  });

  it('reject with the envelope of a failed export', async () => {
    fake.reply = async () => envelope(10003, null, 'too many rows: narrow the filter');
    await expect(fake.client.download('exportCompanyAccountList', { silent: true })).rejects.toMatchObject({ errCode: 10003, message: 'too many rows: narrow the filter' });
  });

  it('read the file name from Content-Disposition when download-filename is absent', () => {
    const headers = new Headers({ 'content-disposition': `attachment; filename="a.xlsx"; filename*=UTF-8''%E8%B4%A6%E5%8F%B7.xlsx` });
    expect(fake.client.downloadFilename(headers, 'export')).toBe('账号.xlsx');
    expect(fake.client.downloadFilename(new Headers({ 'content-disposition': 'attachment; filename="a.xlsx"' }), 'export')).toBe('a.xlsx');
    expect(fake.client.downloadFilename(new Headers(), 'export')).toBe('export');
  });
});
