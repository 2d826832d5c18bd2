import { describe, expect, it } from 'vitest';
import { buildRouters, type MenuEntry } from './build-routers.ts';

let nextId = 1;
const row = (entry: Partial<MenuEntry> & Pick<MenuEntry, 'type' | 'path'>): MenuEntry => {
  const id = entry.id ?? nextId++;
  return {
    id,
    parentId: null,
    name: `Menu${id}`,
    component: null,
    titleKey: `menu.m${id}`,
    icon: null,
    permission: null,
    hidden: false,
    affix: false,
    multiTab: false,
    link: null,
    ...entry,
  };
};

const paths = (routers: ReturnType<typeof buildRouters>): string[] =>
  routers.flatMap((r) => [r.path, ...(r.children ?? []).map((c) => `${r.path}>${c.path}`)]);

describe('buildRouters', () => {
  const system = row({ id: 10, type: 'M', path: 'system', titleKey: 'menu.system', icon: 'SettingOutlined' });
  const modelCode = row({
    id: 11, parentId: 10, type: 'C', path: 'model-code', component: 'resource:modelCode',
    titleKey: 'menu.modelCode', icon: 'BarcodeOutlined', permission: 'system:modelCode:list',
  });
  const addButton = row({ id: 12, parentId: 11, type: 'F', path: 'add', titleKey: 'common.actions.create', permission: 'system:modelCode:add' });
  const home = row({ id: 1, type: 'C', path: 'index', component: 'home', titleKey: 'menu.home', icon: 'HomeOutlined', affix: true });

  it('builds the tree with absolute roots, relative children and only the meta that is set', () => {
    expect(buildRouters([home, system, modelCode, addButton], ['system:modelCode:list', 'system:modelCode:add'])).toEqual([
      { name: home.name, path: '/index', hidden: false, component: 'home', meta: { title: 'menu.home', icon: 'HomeOutlined', affix: true } },
      {
        name: system.name, path: '/system', hidden: false, meta: { title: 'menu.system', icon: 'SettingOutlined' },
        children: [{
          name: modelCode.name, path: 'model-code', hidden: false, component: 'resource:modelCode',
          meta: { title: 'menu.modelCode', icon: 'BarcodeOutlined', permission: 'system:modelCode:list' },
        }],
      },
    ]);
  });

  it('never turns a button into a route, even at the root and with the wildcard', () => {
    const rootButton = row({ type: 'F', path: 'export', titleKey: 'x.export' });
    const routers = buildRouters([home, rootButton, system, modelCode, addButton], ['*:*:*']);
    expect(paths(routers)).toEqual(['/index', '/system', '/system>model-code']);
    expect(routers[1]!.children![0]).not.toHaveProperty('children');
  });

  it('drops a page whose permission the user lacks, and then the directory left empty', () => {
    expect(paths(buildRouters([home, system, modelCode], ['system:modelCode:add']))).toEqual(['/index']);
    expect(paths(buildRouters([home, system, modelCode], []))).toEqual(['/index']);
  });

  it('keeps every page for the wildcard permission', () => {
    const secret = row({ type: 'C', path: 'secret', component: 'secret', permission: 'some:other:perm' });
    expect(paths(buildRouters([home, system, modelCode, secret], ['*:*:*']))).toEqual(['/index', '/system', '/system>model-code', '/secret']);
  });

  it('drops a directory whose own permission is missing, with its pages', () => {
    const guarded = row({ id: 20, type: 'M', path: 'ops', permission: 'ops:view' });
    const page = row({ parentId: 20, type: 'C', path: 'jobs', component: 'jobs' });
    expect(paths(buildRouters([guarded, page], []))).toEqual([]);
    expect(paths(buildRouters([guarded, page], ['ops:view']))).toEqual(['/ops', '/ops>jobs']);
  });

  it('drops a directory without pages, including one holding only buttons or empty directories', () => {
    const empty = row({ id: 30, type: 'M', path: 'empty' });
    const onlyButtons = row({ id: 31, type: 'M', path: 'buttons' });
    const button = row({ parentId: 31, type: 'F', path: 'b' });
    const outer = row({ id: 32, type: 'M', path: 'outer' });
    const inner = row({ id: 33, parentId: 32, type: 'M', path: 'inner' });
    expect(buildRouters([empty, onlyButtons, button, outer, inner, home], ['*:*:*']).map((r) => r.path)).toEqual(['/index']);
  });

  it('keeps nested directories that end in a page', () => {
    const outer = row({ id: 40, type: 'M', path: 'outer' });
    const inner = row({ id: 41, parentId: 40, type: 'M', path: 'inner' });
    const leaf = row({ parentId: 41, type: 'C', path: 'leaf', component: 'leaf' });
    const routers = buildRouters([outer, inner, leaf], []);
    expect(routers).toHaveLength(1);
    expect(routers[0]!.path).toBe('/outer');
    expect(routers[0]!.children![0]!.path).toBe('inner');
    expect(routers[0]!.children![0]!.children![0]!.path).toBe('leaf');
  });

  it('drops entries without a path', () => {
    const noPath = row({ type: 'C', path: '', component: 'nowhere' });
    const dirNoPath = row({ id: 50, type: 'M', path: '' });
    const childOfNoPath = row({ parentId: 50, type: 'C', path: 'child', component: 'child' });
    expect(paths(buildRouters([noPath, home, dirNoPath, childOfNoPath], ['*:*:*']))).toEqual(['/index']);
  });

  it('drops the second of two entries with the same full path', () => {
    const first = row({ type: 'C', path: 'index', component: 'first', name: 'First' });
    const second = row({ type: 'C', path: '/index', component: 'second', name: 'Second' });
    const routers = buildRouters([first, second], []);
    expect(routers.map((r) => r.name)).toEqual(['First']);

    const a = row({ parentId: 10, type: 'C', path: 'model-code', component: 'a', name: 'A' });
    const underSystem = buildRouters([system, modelCode, a], ['*:*:*']);
    expect(underSystem[0]!.children!.map((c) => c.name)).toEqual([modelCode.name]);
  });

  it('treats the same relative path under different parents as different routes', () => {
    const other = row({ id: 60, type: 'M', path: 'other' });
    const same = row({ parentId: 60, type: 'C', path: 'model-code', component: 'b' });
    expect(paths(buildRouters([system, modelCode, other, same], ['*:*:*'])))
      .toEqual(['/system', '/system>model-code', '/other', '/other>model-code']);
  });

  it('gives roots exactly one leading slash', () => {
    const slashed = row({ type: 'C', path: '/about', component: 'about' });
    expect(buildRouters([slashed], [])[0]!.path).toBe('/about');
  });

  it('carries hidden, multiTab and link, and leaves out falsy meta', () => {
    const page = row({ type: 'C', path: 'old', component: 'old', hidden: true, multiTab: true, link: '/old/web/page', icon: '' });
    const [router] = buildRouters([page], []);
    expect(router).toEqual({ name: page.name, path: '/old', hidden: true, component: 'old', meta: { title: page.titleKey, multiTab: true, link: '/old/web/page' } });
    const plain = buildRouters([row({ type: 'C', path: 'plain' })], [])[0]!;
    expect(plain.meta).toEqual({ title: plain.meta.title });
    expect(plain).not.toHaveProperty('component');
    expect(plain).not.toHaveProperty('children');
  });

  it('follows the order of the input rows, not their ids', () => {
    const c = row({ id: 73, type: 'C', path: 'c', component: 'c' });
    const a = row({ id: 71, type: 'C', path: 'a', component: 'a' });
    const dir = row({ id: 70, type: 'M', path: 'dir' });
    const z = row({ id: 79, parentId: 70, type: 'C', path: 'z', component: 'z' });
    const y = row({ id: 78, parentId: 70, type: 'C', path: 'y', component: 'y' });
    expect(paths(buildRouters([c, z, dir, a, y], []))).toEqual(['/c', '/dir', '/dir>z', '/dir>y', '/a']);
  });
});
