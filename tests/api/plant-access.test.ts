// What a plant's visitor reaches through the plant operations (server/handlers/plant-access.ts):
// the guard in front of the handlers, on real plants and shares. The plant handlers behind it are
// replaced by ones that only note that they ran, so that this file tests the guard and nothing of
// the plant area: a refused call must never reach its handler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/contract.ts';
import { devices, users } from '../../server/db/schema/index.ts';
import { handlers } from '../../server/handlers/index.ts';
import { guardPlantOperations } from '../../server/handlers/plant-access.ts';
import type { Handlers } from '../../server/handlers/types.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { demoPlant } from '../fixtures/plants.ts';
import { sampleRequest } from '../fixtures/sample-request.ts';

const reached: string[] = [];
const noted = <T>(operationId: string, answer: T) => async () => {
  reached.push(operationId);
  return answer;
};
const standIns: Handlers = {
  getPlantReportList: noted('getPlantReportList', { list: [], total: 0, pageNo: 1, pageSize: 10 }),
  addFavoritePlant: noted('addFavoritePlant', null),
  editPlant: noted('editPlant', { plantName: 'Roof', timeZone: 'Asia/Shanghai', address: 'Somewhere', systemPower: 5, gridPrice: 1, callerPermissions: ['viewPlant', 'editPlant'], callerManages: 0 }),
  deletePlant: noted('deletePlant', null),
  changePlantOwner: noted('changePlantOwner', null),
  pagePvMeterData: noted('pagePvMeterData', { list: [], total: 0, pageNo: 1, pageSize: 10 }),
  saveEmsReportEnable: noted('saveEmsReportEnable', null),
};

type Op = 'getPlantReportList' | 'addFavoritePlant' | 'editPlant' | 'deletePlant' | 'changePlantOwner' | 'pagePvMeterData' | 'saveEmsReportEnable';
const contract = loadContract();

/** The plainest valid request of the operation (the contract's sample), for this plant or device. */
function request(op: Op, target: string, name: 'plantUid' | 'deviceSn' = 'plantUid') {
  const operation = contract.operations.find((o) => o.operationId === op)!;
  const { path, options } = sampleRequest(contract, operation);
  const fields = Object.hasOwn(operation.schema.querystring?.properties ?? {}, name) ? (options.query ??= {}) : (options.form ??= {});
  fields[name] = target;
  return { method: operation.method as 'GET' | 'POST', path, options };
}

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let shared = '';
let unshared = '';
beforeAll(async () => {
  t = await createTestApp({ handlers: guardPlantOperations({ ...handlers, ...standIns }) });
  for (const name of ['owner', 'installer', 'owner2', 'installer2', 'admin']) tokens[name] = (await t.api.login(name)).token;
  for (const row of await t.database.db.select({ id: users.id, loginName: users.loginName }).from(users)) ids[row.loginName] = row.id;
  shared = await demoPlant(t, 'owner', 0);
  unshared = await demoPlant(t, 'owner', 1);
});
afterAll(() => t.close());

/** The errCode of each operation for the caller, and which of them reached their handler. */
async function attempt(who: string, target: string, ops: Op[], name: 'plantUid' | 'deviceSn' = 'plantUid') {
  reached.length = 0;
  const codes: Record<string, number> = {};
  for (const op of ops) {
    const { method, path, options } = request(op, target, name);
    const { body } = await t.api.call(method, path, { ...options, token: tokens[who] });
    if (body.errCode === 10003) throw new Error(`${op}: the request itself was refused: ${body.errMsg}`);
    codes[op] = body.errCode;
  }
  return { codes, reached: [...reached] };
}

const ALL: Op[] = ['getPlantReportList', 'addFavoritePlant', 'editPlant', 'deletePlant', 'changePlantOwner'];
const shareWith = async (permissions: string) => {
  const { body } = await t.api.post<{ id: number }>('/api/v1/monitor/plantShare/addPlantVisitor', { token: tokens.owner, form: { plantUid: shared, userId: ids.owner2, permissions } });
  expect(body.errCode).toBe(0);
  return body.data.id;
};

/** What getOnePlantInfo tells the caller about their own access to the plant. */
async function described(who: string, plantUid: string) {
  const { body } = await t.api.get<{ callerPermissions: string[]; callerManages: number }>('/api/v1/monitor/plant/getOnePlantInfo', { token: tokens[who], query: { plantUid } });
  expect(body.errCode).toBe(0);
  return { permissions: body.data.callerPermissions, manages: body.data.callerManages };
}

describe('a plant\'s visitor', () => {
  let shareId = 0;

  it('reaches only what the share grants, and never deletion or a change of owner', async () => {
    shareId = await shareWith('viewPlant');
    const viewing = await attempt('owner2', shared, ALL);
    expect(viewing.codes).toEqual({ getPlantReportList: 10005, addFavoritePlant: 0, editPlant: 10005, deletePlant: 10005, changePlantOwner: 10005 });
    expect(viewing.reached).toEqual(['addFavoritePlant']);
    // The plant's detail tells the visitor the same, so that the page offers nothing else.
    expect(await described('owner2', shared)).toEqual({ permissions: ['viewPlant'], manages: 0 });

    const edit = await t.api.post('/api/v1/monitor/plantShare/eidtPlantVisitor', { token: tokens.owner, form: { id: shareId, permissions: 'viewReports,editPlant' } });
    expect(edit.body.errCode).toBe(0);
    const granted = await attempt('owner2', shared, ALL);
    expect(granted.codes).toEqual({ getPlantReportList: 0, addFavoritePlant: 0, editPlant: 0, deletePlant: 10005, changePlantOwner: 10005 });
    expect(granted.reached).toEqual(['getPlantReportList', 'addFavoritePlant', 'editPlant']);
    expect(await described('owner2', shared)).toEqual({ permissions: ['viewPlant', 'viewReports', 'editPlant'], manages: 0 });
  });

  it('reaches nothing of the owner\'s other plants, nor does the other tree reach the shared one', async () => {
    for (const [who, plantUid] of [['owner2', unshared], ['installer2', shared], ['owner2', 'no-such-plant']] as const) {
      const { codes, reached: ran } = await attempt(who, plantUid, ALL);
      expect(Object.values(codes), `${who} ${plantUid}`).toEqual([10005, 10005, 10005, 10005, 10005]);
      expect(ran).toEqual([]);
    }
  });

  it('loses the plant with the next request once the share is gone', async () => {
    expect((await t.api.post('/api/v1/monitor/plantShare/deletePlantVisitor', { token: tokens.installer, form: { id: shareId } })).body.errCode).toBe(0);
    const { codes, reached: ran } = await attempt('owner2', shared, ['getPlantReportList', 'addFavoritePlant']);
    expect(codes).toEqual({ getPlantReportList: 10005, addFavoritePlant: 10005 });
    expect(ran).toEqual([]);
  });
});

describe('a visitor of a device\'s plant', () => {
  it('reads and sets the device only as far as the share goes', async () => {
    // The administrator holds every role permission, so that only the share can refuse; the
    // plant is in the other tree, which the administrator's office does not reach.
    const plantUid = await demoPlant(t, 'owner2', 1);
    await t.database.db.insert(devices).values({ sn: 'SHARED-DEVICE-1', snType: 3, plantUid, officeId: '21' });
    const added = await t.api.post<{ id: number }>('/api/v1/monitor/plantShare/addPlantVisitor', { token: tokens.installer2, form: { plantUid, userId: ids.admin, permissions: 'viewPlant' } });
    expect(added.body.errCode).toBe(0);
    const viewing = await attempt('admin', 'SHARED-DEVICE-1', ['pagePvMeterData', 'saveEmsReportEnable'], 'deviceSn');
    expect(viewing).toEqual({ codes: { pagePvMeterData: 0, saveEmsReportEnable: 10005 }, reached: ['pagePvMeterData'] });

    await t.api.post('/api/v1/monitor/plantShare/eidtPlantVisitor', { token: tokens.owner2, form: { id: added.body.data.id, permissions: 'remoteSettings' } });
    const settings = await attempt('admin', 'SHARED-DEVICE-1', ['saveEmsReportEnable'], 'deviceSn');
    expect(settings).toEqual({ codes: { saveEmsReportEnable: 0 }, reached: ['saveEmsReportEnable'] });
  });
});

describe('the plant\'s managers', () => {
  it('pass the guard on every operation: the owner and the users of the plant\'s office tree', async () => {
    for (const who of ['owner', 'installer']) {
      const { codes } = await attempt(who, shared, ALL);
      expect(Object.values(codes), who).toEqual([0, 0, 0, 0, 0]);
      expect(await described(who, shared)).toEqual({ permissions: ['viewPlant', 'viewReports', 'viewAlarms', 'remoteSettings', 'editPlant'], manages: 1 });
    }
  });
});
