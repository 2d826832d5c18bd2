// Plant sharing through the API (001 section 7 "Plant sharing"): who may share, with whom, what a
// share grants, the visitor created with an account and their notice, and that a removed share
// takes effect at once.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, plantShares, users } from '../../server/db/schema/index.ts';
import { SHARE_PERMISSIONS } from '../../server/domain/plants/share-permissions.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { demoPlant } from '../fixtures/plants.ts';

type Fields = Record<string, string | number | undefined>;
type FieldErrors = { errors: { field: string; rule: string; message: string }[] } | null;
interface Visitor { id: number; plantUid: string; plantName: string; userId: string; account: string; nickname: string; permissions: string; remark?: string; sharerName?: string; createTime: string }
interface Page<T> { list: T[]; total: number; pageNo: number; pageSize: number }
interface Target { exist: 0 | 1; by: 'loginName' | 'email' | 'phone'; userId?: string; nickname?: string; account?: string; shareable?: 0 | 1 }

const BASE = '/api/v1/monitor/plantShare';
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
/** A plant of `owner` (office 11), one more of theirs, and a plant of `owner2` in the other tree. */
const plant = { shared: '', unshared: '', otherTree: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['owner', 'installer', 'engineer', 'owner2', 'installer2', 'admin']) tokens[name] = (await t.api.login(name)).token;
  tokens.demo = (await t.api.post<{ token: string }>('/api/v1/sys/visitorLogin')).body.data.token;
  for (const row of await t.database.db.select({ id: users.id, loginName: users.loginName }).from(users)) ids[row.loginName] = row.id;
  plant.shared = await demoPlant(t, 'owner', 0);
  plant.unshared = await demoPlant(t, 'owner', 1);
  plant.otherTree = await demoPlant(t, 'owner2', 0);
});
afterAll(() => t.close());

const get = <T>(op: string, token: string, query: Fields, lang?: string) => t.api.get<T>(`${BASE}/${op}`, { token, query, ...(lang ? { lang } : {}) });
const post = <T>(op: string, token: string, form: Fields) => t.api.post<T>(`${BASE}/${op}`, { token, form });
const fieldsOf = (data: unknown) => (data as FieldErrors)?.errors.map(({ field, rule }) => ({ field, rule }));
const share = (token: string, form: Fields) => post<Visitor & FieldErrors>('addPlantVisitor', token, form);

describe('the permission list', () => {
  it('names every permission in the caller\'s language, viewing granted by default and changing not', async () => {
    const en = await get<{ code: string; name: string; description: string; isDefault: number }[]>('getPlantPermissionList', tokens.owner!, {});
    expect(en.body.errCode).toBe(0);
    expect(en.body.data.map((p) => p.code)).toEqual([...SHARE_PERMISSIONS]);
    expect(en.body.data.find((p) => p.code === 'viewPlant')).toMatchObject({ name: 'View the plant', isDefault: 1 });
    expect(en.body.data.find((p) => p.code === 'editPlant')).toMatchObject({ name: 'Edit the plant', isDefault: 0 });
    const zh = await get<{ code: string; name: string }[]>('getPlantPermissionList', tokens.owner!, {}, 'zh-CN');
    expect(zh.body.data.find((p) => p.code === 'remoteSettings')?.name).toBe('远程设置');
  });
});

describe('finding whom to share with', () => {
  const target = (token: string, account: string, plantUid = plant.shared) => get<Target & FieldErrors>('getShareTarget', token, { plantUid, account });

  it('matches an e-mail address or phone number exactly, masked, naming only people the caller sees anyway', async () => {
    const byEmail = await target(tokens.owner!, 'OWNER2@demo.solar-portal.dev');
    expect(byEmail.body).toMatchObject({ errCode: 0, data: { exist: 1, by: 'email', userId: ids.owner2, account: 'o****2@demo.solar-portal.dev', shareable: 1 } });
    expect(byEmail.body.data).not.toHaveProperty('nickname');
    const byPhone = await target(tokens.owner!, '+8613900000009');
    expect(byPhone.body.data).toEqual({ exist: 1, by: 'phone', userId: ids.owner2, account: '139****0009', shareable: 1 });
    const seen = await target(tokens.installer!, 'engineer@demo.solar-portal.dev');
    expect(seen.body.data).toMatchObject({ exist: 1, userId: ids.engineer, nickname: 'Erin Engineer' });
    expect((await target(tokens.owner!, 'owner2@demo.solar-portal')).body.data).toEqual({ exist: 0, by: 'email' });
    expect((await target(tokens.owner!, 'nobody@example.com')).body.data).toEqual({ exist: 0, by: 'email' });
    expect((await target(tokens.owner!, '+86 139 0000 0000')).body.data).toEqual({ exist: 0, by: 'phone' });
  });

  it('matches a login name only among the accounts the caller sees anyway', async () => {
    // The answer says it read a login name, so the page can say where it looked (issue 20 item 5),
    // and is the same whether or not someone outside the caller's view has it.
    expect((await target(tokens.owner!, 'owner2')).body.data).toEqual({ exist: 0, by: 'loginName' });
    expect((await target(tokens.owner!, 'no-such-login')).body.data).toEqual({ exist: 0, by: 'loginName' });
    expect((await target(tokens.owner!, 'visitor')).body.data).toEqual({ exist: 0, by: 'loginName' });
    expect((await target(tokens.installer!, 'ENGINEER')).body.data).toMatchObject({ exist: 1, userId: ids.engineer, account: 'e******r' });
  });

  it('says an address held by an account that cannot visit plants is taken, without offering it or naming it', async () => {
    const demo = await target(tokens.owner!, 'visitor@demo.solar-portal.dev');
    expect(demo.body.data).toEqual({ exist: 1, by: 'email', account: 'v*****r@demo.solar-portal.dev', shareable: 0 });
    // Creating one for it is refused all the same.
    const created = await post<FieldErrors>('addPlantVisitorAndCreateUser', tokens.owner!, { plantUid: plant.shared, email: 'visitor@demo.solar-portal.dev', permissions: 'viewPlant' });
    expect(fieldsOf(created.body.data)).toEqual([{ field: 'email', rule: 'unique' }]);
  });

  it('refuses the caller\'s own account, and anyone who does not manage the plant', async () => {
    const self = await target(tokens.owner!, 'owner@demo.solar-portal.dev');
    expect(self.body.errCode).toBe(10003);
    expect(fieldsOf(self.body.data)).toEqual([{ field: 'account', rule: 'shareSelf' }]);
    for (const [who, plantUid] of [['installer2', plant.shared], ['owner2', plant.shared], ['owner', plant.otherTree], ['demo', plant.shared], ['owner', 'no-such-plant']] as const) {
      expect((await target(tokens[who]!, 'owner2@demo.solar-portal.dev', plantUid)).body.errCode, who).toBe(10005);
    }
  });
});

describe('sharing with an existing account', () => {
  let visitorId = 0;

  it('stores the share with viewing always included, and lists it to the plant\'s managers', async () => {
    const added = await share(tokens.owner!, { plantUid: plant.shared, userId: ids.owner2, permissions: 'viewAlarms', remark: 'neighbour' });
    expect(added.body.errCode).toBe(0);
    expect(added.body.data).toMatchObject({
      plantUid: plant.shared, userId: ids.owner2, account: 'owner2', nickname: 'Oscar Owner', permissions: 'viewPlant,viewAlarms',
      remark: 'neighbour', sharerName: 'Olivia Owner',
    });
    visitorId = added.body.data.id;
    for (const who of ['owner', 'installer', 'admin']) {
      const list = await get<Page<Visitor>>('getPlantVisitorList', tokens[who]!, { plantUid: plant.shared });
      expect(list.body.data, who).toMatchObject({ total: 1, list: [{ id: visitorId, permissions: 'viewPlant,viewAlarms' }] });
    }
    expect((await get<Page<Visitor>>('getPlantVisitorList', tokens.owner!, { plantUid: plant.shared, keyword: 'OSCAR' })).body.data.total).toBe(1);
    expect((await get<Page<Visitor>>('getPlantVisitorList', tokens.owner!, { plantUid: plant.shared, keyword: 'nobody' })).body.data.total).toBe(0);
  });

  it('refuses a second share with the same user, the owner, the sharer, and those who manage the plant anyway', async () => {
    const cases: [string, Fields, string][] = [
      ['owner', { userId: ids.owner2 }, 'alreadyShared'],
      ['installer', { userId: ids.owner }, 'shareOwner'],
      ['owner', { userId: ids.owner }, 'shareSelf'],
      ['owner', { userId: ids.engineer }, 'shareManager'],
      ['owner', { userId: ids.visitor }, 'exists'],
      ['owner', { userId: 'no-such-user' }, 'exists'],
    ];
    for (const [who, form, rule] of cases) {
      const { body } = await share(tokens[who]!, { plantUid: plant.shared, permissions: 'viewPlant', ...form });
      expect(body.errCode, rule).toBe(10003);
      expect(fieldsOf(body.data), rule).toEqual([{ field: 'userId', rule }]);
    }
    // Shares of this plant only: the demo seed shares one of its own plants.
    expect(await t.database.db.$count(plantShares, eq(plantShares.plantUid, plant.shared))).toBe(1);
  });

  it('refuses unknown permission codes, naming the field', async () => {
    for (const permissions of ['viewPlant,deletePlant', 'VIEWPLANT', ',', 'viewPlant;editPlant']) {
      const { body } = await share(tokens.owner!, { plantUid: plant.shared, userId: ids.installer2, permissions });
      expect(body.errCode, permissions).toBe(10003);
      expect(fieldsOf(body.data)?.[0]?.field, permissions).toBe('permissions');
      expect(body.errMsg, permissions).toMatch(/^permissions: /);
    }
    const edit = await post<FieldErrors>('eidtPlantVisitor', tokens.owner!, { id: visitorId, permissions: 'viewPlant,fly' });
    expect(fieldsOf(edit.body.data)).toEqual([{ field: 'permissions', rule: 'enum' }]);
    const zh = await t.api.post<FieldErrors>(`${BASE}/addPlantVisitor`, { token: tokens.owner!, lang: 'zh-CN', form: { plantUid: plant.shared, userId: ids.installer2, permissions: 'fly' } });
    expect(zh.body.errMsg).toMatch(/^permissions：必须是 /);
  });

  it('changes the permissions and the remark of a share', async () => {
    const edited = await post<Visitor>('eidtPlantVisitor', tokens.installer!, { id: visitorId, permissions: 'editPlant,viewReports' });
    expect(edited.body.data).toMatchObject({ id: visitorId, permissions: 'viewPlant,viewReports,editPlant', remark: 'neighbour' });
    const cleared = await post<Visitor>('eidtPlantVisitor', tokens.owner!, { id: visitorId, permissions: 'viewPlant,viewAlarms', remark: '' });
    expect(cleared.body.data.permissions).toBe('viewPlant,viewAlarms');
    expect(cleared.body.data).not.toHaveProperty('remark');
  });

  it('lets no visitor, other tree or demo session manage the plant\'s shares', async () => {
    for (const who of ['owner2', 'installer2', 'demo']) {
      const attempts = [
        await get('getPlantVisitorList', tokens[who]!, { plantUid: plant.shared }),
        await share(tokens[who]!, { plantUid: plant.shared, userId: ids.installer2, permissions: 'viewPlant' }),
        await post('eidtPlantVisitor', tokens[who]!, { id: visitorId, permissions: 'viewPlant,editPlant' }),
        await post('deletePlantVisitor', tokens[who]!, { id: visitorId }),
        await get('sendNotificationAfterAddPlantVisitorAndCreateUser', tokens[who]!, { id: visitorId }),
      ];
      expect(attempts.map((a) => a.body.errCode), who).toEqual([10005, 10005, 10005, 10005, 10005]);
    }
    const [stored] = await t.database.db.select().from(plantShares).where(eq(plantShares.id, visitorId));
    expect(stored!.permissions).toEqual(['viewPlant', 'viewAlarms']);
  });

  it('lets the visitor leave, and only a plant shared with them', async () => {
    expect((await post('deletePlantShare', tokens.installer2!, { plantUid: plant.shared })).body.errCode).toBe(10005);
    expect((await post('deletePlantShare', tokens.owner2!, { plantUid: plant.shared })).body.errCode).toBe(0);
    expect((await post('deletePlantShare', tokens.owner2!, { plantUid: plant.shared })).body.errCode).toBe(10005);
    expect((await get<Page<Visitor>>('getPlantVisitorList', tokens.owner!, { plantUid: plant.shared })).body.data.total).toBe(0);
  });

  it('ends a share when a manager deletes it, and the visitor\'s plant count follows at once', async () => {
    const plantCount = async () => (await t.api.get<{ plantCount: number }>('/api/v1/sys/user/getLoginInfo', { token: tokens.owner2! })).body.data.plantCount;
    const before = await plantCount();
    expect(await plantCount()).toBe(before);
    const added = await share(tokens.installer!, { plantUid: plant.shared, userId: ids.owner2, permissions: 'viewPlant' });
    expect(added.body.errCode).toBe(0);
    expect(await plantCount()).toBe(before + 1);
    expect((await post('deletePlantVisitor', tokens.installer2!, { id: added.body.data.id })).body.errCode).toBe(10005);
    expect((await post('deletePlantVisitor', tokens.owner!, { id: added.body.data.id })).body.errCode).toBe(0);
    expect(await plantCount()).toBe(before);
    expect((await post('deletePlantVisitor', tokens.owner!, { id: added.body.data.id })).body.errCode).toBe(10005);
    expect(await t.database.db.$count(plantShares, eq(plantShares.plantUid, plant.shared))).toBe(0);
  });
});

describe('what a share grants on the plant\'s own operations', () => {
  const info = (token: string) => t.api.get<{ plantName: string }>('/api/v1/monitor/plant/getOnePlantInfo', { token, query: { plantUid: plant.shared } });
  const edit = (token: string, extra: Fields = {}) => t.api.post<{ plantName: string } & FieldErrors>('/api/v1/monitor/plant/editPlant', { token, form: {
    plantUid: plant.shared, plantName: 'Shared roof', timeZone: 'Australia/Sydney', address: '1 Solar Street', countryCode: 'AU',
    latitude: -33.8688, longitude: 151.2093, systemPower: 5, gridPrice: 0.3, currencyName: 'AUD', ...extra,
  } });

  it('lets the visitor see the plant, and edit it only with editPlant, never linking an installer', async () => {
    expect((await info(tokens.owner2!)).body.errCode).toBe(10005);
    const added = await share(tokens.owner!, { plantUid: plant.shared, userId: ids.owner2, permissions: 'viewPlant' });
    expect((await info(tokens.owner2!)).body.errCode).toBe(0);
    const sharedList = await t.api.get<Page<{ plantUid: string; permissions: string; shareId: number }>>('/api/v1/monitor/plant/getUserSharePlantList', { token: tokens.owner2! });
    // The demo seed shares a plant with owner2 too: only this test's plant is looked at.
    expect(sharedList.body.data.list.filter((p) => p.plantUid === plant.shared)).toEqual([expect.objectContaining({ plantUid: plant.shared, permissions: 'viewPlant', shareId: added.body.data.id })]);
    expect((await edit(tokens.owner2!)).body.errCode).toBe(10005);
    expect((await t.api.post('/api/v1/monitor/plant/deletePlant', { token: tokens.owner2!, form: { plantUid: plant.shared } })).body.errCode).toBe(10005);

    await post('eidtPlantVisitor', tokens.owner!, { id: added.body.data.id, permissions: 'editPlant' });
    const edited = await edit(tokens.owner2!);
    expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ errCode: 0, data: { plantName: 'Shared roof' } });
    expect((await edit(tokens.owner2!, { pointInviteCode: 'BLUECST2' })).body.errCode).toBe(10005);
    expect((await t.api.post('/api/v1/monitor/plant/deletePlant', { token: tokens.owner2!, form: { plantUid: plant.shared } })).body.errCode).toBe(10005);

    expect((await post('deletePlantVisitor', tokens.owner!, { id: added.body.data.id })).body.errCode).toBe(0);
    expect((await info(tokens.owner2!)).body.errCode).toBe(10005);
    expect((await edit(tokens.owner2!)).body.errCode).toBe(10005);
  });
});

describe('sharing with someone without an account', () => {
  const email = 'New.Visitor@Example.com';
  let visitorId = 0;
  const notices = () => t.database.db.select().from(outbox).where(eq(outbox.target, 'new.visitor@example.com')).orderBy(desc(outbox.id));
  const notify = (id: number, token = tokens.owner!) => get<FieldErrors>('sendNotificationAfterAddPlantVisitorAndCreateUser', token, { id });

  it('opens an account without a password and shares the plant with it, sending nothing yet', async () => {
    const { body } = await post<Visitor>('addPlantVisitorAndCreateUser', tokens.owner!, { plantUid: plant.shared, email, permissions: 'viewReports' });
    expect(body.errCode).toBe(0);
    expect(body.data).toMatchObject({ plantUid: plant.shared, account: 'new.visitor@example.com', nickname: 'New.Visitor', permissions: 'viewPlant,viewReports' });
    visitorId = body.data.id;
    const [account] = await t.database.db.select().from(users).where(eq(users.id, body.data.userId));
    // The plant's country (AU since the visitor edited it above), not the sharer's (CN).
    expect(account).toMatchObject({ email: 'new.visitor@example.com', countryCode: 'AU', agreedAt: null, status: 'active' });
    expect(account!.passwordHash).not.toMatch(/^\$argon2/);
    expect(await notices()).toHaveLength(0);
    // Nobody can log in with a password before the visitor sets one.
    expect((await t.api.post('/api/v1/sys/login', { form: { username: 'new.visitor@example.com', password: 'Anything-123' } })).body.errCode).toBe(10003);
  });

  it('refuses an address that has an account, and an unknown country', async () => {
    const taken = await post<FieldErrors>('addPlantVisitorAndCreateUser', tokens.owner!, { plantUid: plant.shared, email: 'OWNER2@demo.solar-portal.dev', permissions: 'viewPlant' });
    expect(fieldsOf(taken.body.data)).toEqual([{ field: 'email', rule: 'unique' }]);
    const country = await post<FieldErrors>('addPlantVisitorAndCreateUser', tokens.owner!, { plantUid: plant.shared, email: 'x@example.com', countryCode: 'XX', permissions: 'viewPlant' });
    expect(fieldsOf(country.body.data)).toEqual([{ field: 'countryCode', rule: 'country' }]);
    const nickname = await post<FieldErrors>('addPlantVisitorAndCreateUser', tokens.owner!, { plantUid: plant.shared, email: 'x@example.com', nickname: 'n'.repeat(31), permissions: 'viewPlant' });
    expect(fieldsOf(nickname.body.data)).toEqual([{ field: 'nickname', rule: 'maxLength' }]);
    const permissions = await post<FieldErrors>('addPlantVisitorAndCreateUser', tokens.owner!, { plantUid: plant.shared, email: 'x@example.com', permissions: 'all' });
    expect(fieldsOf(permissions.body.data)).toEqual([{ field: 'permissions', rule: 'enum' }]);
    expect((await post('addPlantVisitorAndCreateUser', tokens.installer2!, { plantUid: plant.shared, email: 'x@example.com', permissions: 'viewPlant' })).body.errCode).toBe(10005);
    expect(await t.database.db.$count(users, eq(users.email, 'x@example.com'))).toBe(0);
  });

  it('mails the visitor a link and a code that sets their password once', async () => {
    expect((await notify(visitorId)).body.errCode).toBe(0);
    const [notice] = await notices();
    expect(notice).toMatchObject({ channel: 'email', purpose: 'plantShare', subject: 'Olivia Owner shared a plant with you on Solar Portal' });
    expect(notice!.body).toContain('http://localhost:80/forgetPsd?target=new.visitor%40example.com');
    const code = /code: (\d{6})/.exec(notice!.body)?.[1];
    expect(code).toBeDefined();

    const again = await notify(visitorId);
    expect(again.body.errCode).toBe(10006);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);

    const reset = await t.api.post('/api/v1/sys/user/resetPwd', { form: { target: 'new.visitor@example.com', code, password: 'Sunny-Garden-42' } });
    expect(reset.body.errCode).toBe(0);
    const login = await t.api.post<{ token: string }>('/api/v1/sys/login', { form: { username: 'new.visitor@example.com', password: 'Sunny-Garden-42' } });
    expect(login.body.errCode).toBe(0);
    const used = await t.api.post('/api/v1/sys/user/resetPwd', { form: { target: 'new.visitor@example.com', code, password: 'Another-Garden-42' } });
    expect(used.body.errCode).toBe(10003);

    const done = await notify(visitorId);
    expect(fieldsOf(done.body.data)).toEqual([{ field: 'id', rule: 'noPendingInvite' }]);
  });

  it('sends notices only for accounts opened by sharing', async () => {
    const added = await share(tokens.owner!, { plantUid: plant.unshared, userId: ids.owner2, permissions: 'viewPlant' });
    const { body } = await notify(added.body.data.id);
    expect(fieldsOf(body.data)).toEqual([{ field: 'id', rule: 'noPendingInvite' }]);
    await post('deletePlantVisitor', tokens.owner!, { id: added.body.data.id });
  });
});
