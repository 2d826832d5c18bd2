// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AccessProvider, Permission, useAccess, type Access, type PermissionProps } from './permission';

afterEach(cleanup);

function shown(access: Access, props: Omit<PermissionProps, 'children'>): boolean {
  render(
    <AccessProvider value={access}>
      <div data-testid="page">
        <Permission {...props}><button>guarded</button></Permission>
      </div>
    </AccessProvider>,
  );
  const present = screen.queryByText('guarded') !== null;
  cleanup();
  return present;
}

const installer: Access = { permissions: ['organization:tree', 'site:add'], roles: ['Installer'] };
const admin: Access = { permissions: ['*:*:*'], roles: ['Administrator'] };
const owner: Access = { permissions: ['site:add'], roles: ['EndUser'] };

describe('<Permission>', () => {
  it('keeps the element when any of the permissions is held', () => {
    expect(shown(installer, { anyOf: ['bigscreen:admin', 'organization:tree'] })).toBe(true);
    expect(shown(installer, { anyOf: 'organization:tree' })).toBe(true);
  });

  it('removes the element from the page when none is held', () => {
    render(
      <AccessProvider value={owner}>
        <div data-testid="page"><Permission anyOf="organization:tree"><button>guarded</button></Permission></div>
      </AccessProvider>,
    );
    expect(screen.getByTestId('page').childElementCount).toBe(0);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('needs every permission for all-of', () => {
    expect(shown(installer, { allOf: ['organization:tree', 'site:add'] })).toBe(true);
    expect(shown(installer, { allOf: ['organization:tree', 'bigscreen:admin'] })).toBe(false);
  });

  it('lets the wildcard through every permission check', () => {
    expect(shown(admin, { anyOf: ['plalform:aboutUs'] })).toBe(true);
    expect(shown(admin, { allOf: ['organization:tree', 'bigscreen:admin'] })).toBe(true);
  });

  it('checks roles, and Administrator passes every role check', () => {
    expect(shown(installer, { anyRole: ['Engineer', 'Installer'] })).toBe(true);
    expect(shown(owner, { anyRole: 'Installer' })).toBe(false);
    expect(shown(installer, { allRoles: ['Installer', 'Engineer'] })).toBe(false);
    expect(shown(admin, { anyRole: 'EndUser' })).toBe(true);
    expect(shown(admin, { allRoles: ['Installer', 'Engineer'] })).toBe(true);
  });

  it('removes the element for empty or missing arguments, even for the administrator', () => {
    expect(shown(admin, {})).toBe(false);
    expect(shown(admin, { anyOf: [] })).toBe(false);
    expect(shown(admin, { allOf: [] })).toBe(false);
    expect(shown(admin, { anyRole: [] })).toBe(false);
    expect(shown(admin, { allRoles: [] })).toBe(false);
  });

  it('needs every check it is given', () => {
    expect(shown(installer, { anyOf: 'organization:tree', anyRole: 'Installer' })).toBe(true);
    expect(shown(installer, { anyOf: 'organization:tree', anyRole: 'Engineer' })).toBe(false);
  });

  it('removes everything without a provider (nobody signed in)', () => {
    render(<Permission anyOf="site:add"><button>guarded</button></Permission>);
    expect(screen.queryByText('guarded')).toBeNull();
  });
});

describe('useAccess', () => {
  const wrapper = (access: Access) => function Wrapper({ children }: { children: ReactNode }) {
    return <AccessProvider value={access}>{children}</AccessProvider>;
  };

  it('answers the same checks as the element', () => {
    const { result } = renderHook(() => useAccess(), { wrapper: wrapper(installer) });
    expect(result.current.hasPermission('organization:tree')).toBe(true);
    expect(result.current.hasPermission(['bigscreen:admin'])).toBe(false);
    expect(result.current.hasAllPermissions(['organization:tree', 'site:add'])).toBe(true);
    expect(result.current.hasRole('Installer')).toBe(true);
    expect(result.current.hasAllRoles(['Installer', 'EndUser'])).toBe(false);
    expect(result.current.hasPermission(undefined)).toBe(false);
    expect(result.current.hasRole([])).toBe(false);
  });
});
