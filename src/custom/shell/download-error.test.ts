// @vitest-environment jsdom
// Downloads against a fake server: a JSON body is the envelope of a refusal, shown instead of a
// file; a download that fails on its way shows the spec's download message, in English and in
// Chinese, and the client adds no toast of its own beside it.
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { envelope, installFakeServer } from '@/api/fake-server';

const fake = installFakeServer();
const en = i18n.getFixedT('en');
const zh = i18n.getFixedT('zh-CN');

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => { throw new Error('the download succeeded'); }, (error: unknown) => error);
}

describe('a failed download', () => {
  it('shows the message of a JSON answer instead of saving it', async () => {
    fake.reply = async () => envelope(10003, null, 'too many rows: narrow the filter');
    const { downloadErrorText } = await import('./download-error');
    const error = await failureOf(fake.client.download('exportCompanyAccountList', { silent: true }));
    expect(downloadErrorText(en, error)).toBe('too many rows: narrow the filter');
    expect(fake.events.toast).not.toHaveBeenCalled();
  });

  it('shows the code\'s text when the JSON answer has no message', async () => {
    fake.reply = async () => envelope(10005);
    const { downloadErrorText } = await import('./download-error');
    expect(downloadErrorText(en, await failureOf(fake.client.download('exportCompanyAccountList', { silent: true })))).toBe('No permission');
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server answers an HTTP error page', async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })],
    ['a JSON success comes instead of the file', async () => envelope(0, { ok: true })],
  ])('shows the download message when %s, and no second toast', async (_case, reply) => {
    fake.reply = reply as typeof fake.reply;
    const { downloadErrorText } = await import('./download-error');
    const error = await failureOf(fake.client.download('exportCompanyAccountList', { silent: true }));
    expect(downloadErrorText(en, error)).toBe('Error downloading the file, please contact the administrator');
    expect(downloadErrorText(zh, error)).toBe('下载文件出现错误，请联系管理员');
    expect(fake.events.toast).not.toHaveBeenCalled();
  });
});

describe('a failed call', () => {
  it('is toasted with the HTTP status when the answer is not the envelope', async () => {
    fake.reply = async () => new Response('Bad gateway', { status: 502 });
    await expect(fake.client.call('getApiInfo')).rejects.toMatchObject({ errCode: -3, status: 502 });
    expect(fake.events.toast).toHaveBeenCalledTimes(1);
    const { errorText } = await import('@/lib/error-text');
    expect(errorText(en, fake.events.toast.mock.calls[0]![0])).toBe('The server could not answer (HTTP 502), please try again later');
  });
});
