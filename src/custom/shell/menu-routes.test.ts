import { describe, expect, it } from 'vitest';
import type { Router } from '@/providers/session';
import { menuItems, pageRoutes, resourceName } from './menu-routes';

const page = (path: string, component: string, meta: Partial<Router['meta']> = {}, hidden = false): Router => ({
  name: `${component}-page`, path, hidden, component, meta: { title: `t.${component}`, ...meta },
});
const dir = (path: string, children: Router[], meta: Partial<Router['meta']> = {}, hidden = false): Router => ({
  name: `${path}-dir`, path, hidden, meta: { title: `t.${path.replace(/^\//, '')}`, ...meta }, children,
});

describe('pageRoutes', () => {
  it('joins absolute paths from the parents and keeps the affix flag', () => {
    const routers = [
      page('/index', 'home', { affix: true }),
      dir('/system', [
        page('model-code', 'resource:modelCode'),
        dir('deep/', [page('leaf', 'leaf')]),
      ]),
    ];
    expect(pageRoutes(routers)).toEqual([
      { name: 'home-page', path: '/index', component: 'home', titleKey: 't.home', affix: true },
      { name: 'resource:modelCode-page', path: '/system/model-code', component: 'resource:modelCode', titleKey: 't.resource:modelCode', affix: false },
      { name: 'leaf-page', path: '/system/deep/leaf', component: 'leaf', titleKey: 't.leaf', affix: false },
    ]);
  });

  it('does not make pages of directories, even those with a layout component', () => {
    const layout: Router = { ...dir('/system', [page('users', 'users')]), component: 'Layout' };
    const noComponent: Router = { name: 'bare', path: '/bare', hidden: false, meta: { title: 't.bare' } };
    expect(pageRoutes([layout, noComponent]).map((p) => p.path)).toEqual(['/system/users']);
  });

  it('keeps a child path that is already absolute, and includes hidden pages', () => {
    const routers = [dir('/system', [page('/standalone', 'standalone', {}, true)])];
    expect(pageRoutes(routers)).toEqual([{ name: 'standalone-page', path: '/standalone', component: 'standalone', titleKey: 't.standalone', affix: false }]);
  });

  it('returns nothing for no routers', () => {
    expect(pageRoutes([])).toEqual([]);
  });

  it('drops entries without a path and pages whose path came before', () => {
    const routers = [page('/index', 'home'), page('', 'nameless'), page('/plant', 'plants'), dir('/x', [page('/plant', 'other-plants')])];
    expect(pageRoutes(routers).map((p) => [p.path, p.component])).toEqual([['/index', 'home'], ['/plant', 'plants']]);
  });

  it('pins the home page as an affix tab even when its row does not say so', () => {
    expect(pageRoutes([page('/index', 'home'), page('/plant', 'plants')]).map((p) => p.affix)).toEqual([true, false]);
  });
});

describe('menuItems', () => {
  it('lists pages with their absolute path as key, icon and link', () => {
    expect(menuItems([page('/index', 'home', { icon: 'HomeOutlined' }), page('/old', 'old', { link: '/old/web' })])).toEqual([
      { key: '/index', titleKey: 't.home', icon: 'HomeOutlined', path: '/index', link: undefined },
      { key: '/old', titleKey: 't.old', icon: undefined, path: '/old', link: '/old/web' },
    ]);
  });

  it('skips hidden pages and hidden directories', () => {
    const routers = [
      page('/index', 'home'),
      page('/secret', 'secret', {}, true),
      dir('/hidden-dir', [page('a', 'a'), page('b', 'b')], {}, true),
    ];
    expect(menuItems(routers).map((i) => i.key)).toEqual(['/index']);
  });

  it('collapses a directory with exactly one visible child into that child, taking the directory icon if the child has none', () => {
    const routers = [
      dir('/system', [page('model-code', 'resource:modelCode'), page('hidden', 'hidden', {}, true)], { icon: 'SettingOutlined' }),
    ];
    expect(menuItems(routers)).toEqual([
      { key: '/system/model-code', titleKey: 't.resource:modelCode', icon: 'SettingOutlined', path: '/system/model-code', link: undefined },
    ]);
  });

  it('keeps the child icon when a collapsing child has its own', () => {
    const routers = [dir('/system', [page('model-code', 'mc', { icon: 'BarcodeOutlined' })], { icon: 'SettingOutlined' })];
    expect(menuItems(routers)).toEqual([
      { key: '/system/model-code', titleKey: 't.mc', icon: 'BarcodeOutlined', path: '/system/model-code', link: undefined },
    ]);
  });

  it('keeps a directory with several visible children as a submenu', () => {
    const routers = [dir('/system', [page('a', 'a'), page('b', 'b', { icon: 'B' })], { icon: 'SettingOutlined' })];
    expect(menuItems(routers)).toEqual([{
      key: '/system', titleKey: 't.system', icon: 'SettingOutlined',
      children: [
        { key: '/system/a', titleKey: 't.a', icon: undefined, path: '/system/a', link: undefined },
        { key: '/system/b', titleKey: 't.b', icon: 'B', path: '/system/b', link: undefined },
      ],
    }]);
  });

  it('drops directories whose children are all hidden, and collapses nested single-child directories', () => {
    const routers = [
      dir('/empty', [page('x', 'x', {}, true)]),
      dir('/outer', [dir('inner', [page('leaf', 'leaf')])], { icon: 'OuterIcon' }),
    ];
    expect(menuItems(routers)).toEqual([
      { key: '/outer/inner/leaf', titleKey: 't.leaf', icon: 'OuterIcon', path: '/outer/inner/leaf', link: undefined },
    ]);
  });
});

describe('menuItems: what the sidebar leaves out', () => {
  it('drops entries without a path, directories without children and repeated paths', () => {
    const routers = [
      page('/index', 'home'),
      page('', 'nameless'),
      dir('/empty', []),
      page('/index', 'home-again'),
      dir('/system', [page('a', 'a'), page('/index', 'home-third')]),
    ];
    expect(menuItems(routers).map((i) => [i.key, i.titleKey])).toEqual([['/index', 't.home'], ['/system/a', 't.a']]);
  });

  it('never force-expands the AI page: its directory with one page is that page', () => {
    const routers = [dir('/ai', [page('assistant', 'ai-assistant')], { icon: 'RobotOutlined' })];
    expect(menuItems(routers)).toEqual([{ key: '/ai/assistant', titleKey: 't.ai-assistant', icon: 'RobotOutlined', path: '/ai/assistant', link: undefined }]);
  });
});

describe('resourceName', () => {
  it('reads the resource of a resource:<name> component and nothing else', () => {
    expect(resourceName('resource:modelCode')).toBe('modelCode');
    expect(resourceName('home')).toBeUndefined();
    expect(resourceName('Layout')).toBeUndefined();
    expect(resourceName('xresource:modelCode')).toBeUndefined();
  });
});
