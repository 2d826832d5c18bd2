// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import '@/i18n';
import { call } from '@/api/client';
import { VisitorDialog } from './visitor-dialog';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);

afterEach(() => {
  cleanup();
  api.mockReset();
});

const PERMISSIONS = [
  { code: 'viewPlant', name: 'View the plant', description: '', isDefault: 1 },
  { code: 'viewReports', name: 'View reports', description: '', isDefault: 1 },
  { code: 'editPlant', name: 'Edit the plant', description: '', isDefault: 0 },
];

function serve(target: object) {
  api.mockImplementation((async (operation: string) => {
    if (operation === 'getPlantPermissionList') return PERMISSIONS;
    if (operation === 'getShareTarget') return target;
    if (operation === 'addPlantVisitor' || operation === 'addPlantVisitorAndCreateUser' || operation === 'eidtPlantVisitor') return { id: 7, plantUid: 'P1', permissions: 'viewPlant' };
    if (operation === 'sendNotificationAfterAddPlantVisitorAndCreateUser') return null;
    throw new Error(operation);
  }) as never);
}

const dialog = (props: Partial<Parameters<typeof VisitorDialog>[0]> = {}) => {
  const onClose = vi.fn();
  render(<App><VisitorDialog plantUid="P1" open onClose={onClose} {...props} /></App>);
  return onClose;
};

const lookUp = async (account: string) => {
  fireEvent.change(await screen.findByTestId('visitor-account'), { target: { value: account } });
  fireEvent.click(screen.getByTestId('visitor-lookup'));
};

describe('the visitor dialog', () => {
  it('shares with an existing user, with the default permissions ticked', async () => {
    serve({ exist: 1, userId: 'U2', nickname: 'Oscar Owner', account: 'o****2@example.com' });
    const onClose = dialog();
    await waitFor(() => expect((screen.getByLabelText('View the plant') as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText('Edit the plant') as HTMLInputElement).checked).toBe(false);
    await lookUp('owner2@example.com');
    await waitFor(() => expect(document.body.textContent).toContain('Oscar Owner'));
    expect(api).toHaveBeenCalledWith('getShareTarget', { query: { plantUid: 'P1', account: 'owner2@example.com' }, silent: true });
    fireEvent.click(screen.getByLabelText('Edit the plant'));
    fireEvent.click(screen.getByTestId('visitor-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api).toHaveBeenCalledWith('addPlantVisitor', { body: { plantUid: 'P1', userId: 'U2', permissions: 'viewPlant,viewReports,editPlant', remark: undefined }, silent: true });
  });

  it('creates an account for an unknown e-mail address and mails it the link', async () => {
    serve({ exist: 0 });
    const onClose = dialog();
    await lookUp('new.visitor@example.com');
    await waitFor(() => expect(document.body.textContent).toContain('an account is created for this e-mail address'));
    fireEvent.click(screen.getByTestId('visitor-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api).toHaveBeenCalledWith('addPlantVisitorAndCreateUser', expect.objectContaining({ body: expect.objectContaining({ plantUid: 'P1', email: 'new.visitor@example.com' }) }));
    expect(api).toHaveBeenCalledWith('sendNotificationAfterAddPlantVisitorAndCreateUser', { query: { id: 7 }, silent: true });
  });

  it('cannot create an account for something that is not an e-mail address', async () => {
    serve({ exist: 0 });
    dialog();
    await lookUp('someone');
    await waitFor(() => expect(document.body.textContent).toContain('Enter an e-mail address to create one'));
    expect((screen.getByTestId('visitor-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says that a login name is looked for only among the people the caller works with', async () => {
    serve({ exist: 0, by: 'loginName' });
    dialog();
    expect((await screen.findByTestId('visitor-account-help')).textContent).toContain('e-mail address or phone number');
    await lookUp('owner2');
    await waitFor(() => expect(screen.getByTestId('visitor-lookup-result').textContent).toContain('No one you work with has this login name'));
    expect((screen.getByTestId('visitor-save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it('shares with the account behind an e-mail address the caller does not see, and never offers to create it', async () => {
    serve({ exist: 1, by: 'email', shareable: 1, userId: 'U9', account: 'o****2@example.com' });
    const onClose = dialog();
    await lookUp('owner2@example.com');
    await waitFor(() => expect(screen.getByTestId('visitor-lookup-result').textContent).toContain('o****2@example.com'));
    expect(document.body.textContent).not.toContain('an account is created');
    fireEvent.click(screen.getByTestId('visitor-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api).toHaveBeenCalledWith('addPlantVisitor', expect.objectContaining({ body: expect.objectContaining({ userId: 'U9' }) }));
    expect(api).not.toHaveBeenCalledWith('addPlantVisitorAndCreateUser', expect.anything());
  });

  it('neither shares with nor creates an account that cannot visit plants', async () => {
    serve({ exist: 1, by: 'email', shareable: 0, account: 'v*****r@demo.solar-portal.dev' });
    dialog();
    await lookUp('visitor@demo.solar-portal.dev');
    await waitFor(() => expect(screen.getByTestId('visitor-lookup-result').textContent).toContain('cannot visit plants'));
    expect((screen.getByTestId('visitor-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('edits what a visitor may do', async () => {
    serve({ exist: 1 });
    const onClose = dialog({ visitor: { id: 7, plantUid: 'P1', permissions: 'viewPlant,viewReports', account: 'o****2', remark: 'neighbour' } });
    await waitFor(() => expect((screen.getByLabelText('View reports') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByLabelText('View reports'));
    fireEvent.click(screen.getByTestId('visitor-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api).toHaveBeenCalledWith('eidtPlantVisitor', { body: { id: 7, permissions: 'viewPlant', remark: 'neighbour' }, silent: true });
  });
});
