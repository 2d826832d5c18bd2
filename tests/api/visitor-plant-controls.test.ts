// What getOnePlantInfo tells the page the caller may do (callerManages, callerPermissions), for
// the read-only demo visitor and a share's viewer (issue 20 item 6): the page offers a control
// only when these allow it, so they must not promise what the server then refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Access = { callerPermissions: string[]; callerManages: number };
const access = async (token: string, plantUid: string) =>
  (await t.api.get<Access>('/api/v1/monitor/plant/getOnePlantInfo', { token, query: { plantUid } })).body.data;

describe('the plant page controls', () => {
  it('promise the demo visitor only looking: it manages nothing and may not edit, and the server refuses the writes', async () => {
    const visitor = (await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin')).body.data.token;
    const seen = await access(visitor, 'demo-plant-01');
    expect(seen.callerManages).toBe(0);
    expect(seen.callerPermissions).toEqual(['viewPlant', 'viewReports', 'viewAlarms']);
    for (const [path, body] of [
      ['/api/v1/monitor/plant/deletePlant', { plantUid: 'demo-plant-01' }],
      ['/api/v1/monitor/plant/checkChangePlantOwner', { plantUid: 'demo-plant-01', account: 'owner2' }],
      ['/api/v1/monitor/plant/checkChangePlantInstaller', { plantUid: 'demo-plant-01', inviteCode: 'BLUECST2' }],
    ] as const) {
      expect((await t.api.post(path, { token: visitor, form: body })).body.errCode, path).toBe(10005);
    }
  });

  it('give a share viewer what the share grants and the plant managers everything', async () => {
    // owner2 visits Olivia's rooftop through the demo share; owner owns it.
    const viewer = await access((await t.api.login('owner2')).token, 'demo-plant-01');
    expect(viewer.callerManages).toBe(0);
    expect(viewer.callerPermissions).not.toContain('editPlant');
    const owner = await access((await t.api.login('owner')).token, 'demo-plant-01');
    expect(owner).toMatchObject({ callerManages: 1, callerPermissions: ['viewPlant', 'viewReports', 'viewAlarms', 'remoteSettings', 'editPlant'] });
  });
});
