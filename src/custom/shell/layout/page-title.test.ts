// @vitest-environment jsdom
// (page-title.ts reads the brand, whose module builds the API client from the page's location.)
import { describe, expect, it } from 'vitest';
import type { PageRoute } from '../menu-routes';
import { matchPage } from './page-title';

const page = (path: string, affix = false): PageRoute => ({ name: path, path, component: 'x', titleKey: `t${path}`, affix });
const pages = [page('/index', true), page('/system/model-code'), page('/system/model-code-serial')];

describe('matchPage', () => {
  it('finds the page itself, with or without a trailing slash', () => {
    expect(matchPage(pages, '/system/model-code')?.page.path).toBe('/system/model-code');
    expect(matchPage(pages, '/system/model-code/')?.page.path).toBe('/system/model-code');
  });

  it('finds a generated screen\'s create, edit and show pages under it', () => {
    expect(matchPage(pages, '/system/model-code/create')).toEqual({ page: pages[1], subPage: 'create' });
    expect(matchPage(pages, '/system/model-code/edit/7')).toEqual({ page: pages[1], subPage: 'edit' });
    expect(matchPage(pages, '/system/model-code/show/7')).toEqual({ page: pages[1], subPage: 'show' });
  });

  it('does not mistake a longer sibling path or another sub-path for the page', () => {
    expect(matchPage(pages, '/system/model-code-serial')?.page.path).toBe('/system/model-code-serial');
    expect(matchPage(pages, '/system/model-code/other')).toBeUndefined();
    expect(matchPage(pages, '/system/model-code/edit')).toBeUndefined();
    expect(matchPage(pages, '/')).toBeUndefined();
  });
});
