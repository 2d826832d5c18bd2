// @vitest-environment jsdom
// The password login's captcha path against a mocked client: hidden until the server asks for
// one, then sent with every attempt and replaced after each failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import '@/i18n';
import { ApiError, call } from '@/api/client';
import LoginPage from './login-page';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);

afterEach(() => {
  cleanup();
  api.mockReset();
});

const REQUIRED = new ApiError(10003, 'code: ...', [{ field: 'code', rule: 'captchaRequired', message: 'code: ...' }], 'login');
const WRONG_CAPTCHA = new ApiError(10003, 'code: ...', [{ field: 'code', rule: 'captchaWrong', message: 'code: ...' }], 'login');

/** Answers login with `logins` in turn, getCaptcha with c1, c2, ..., and nothing else. */
function serve(logins: (ApiError | object)[]) {
  let captchas = 0;
  const sent: Record<string, unknown>[] = [];
  api.mockImplementation(async (operationId, args) => {
    if (operationId === 'getCaptcha') {
      captchas++;
      return { captchaId: `c${captchas}`, image: `data:image/svg+xml;base64,${btoa(`<svg>${captchas}</svg>`)}` };
    }
    if (operationId === 'login') {
      sent.push((args as unknown as { body: Record<string, unknown> }).body);
      const answer = logins.shift()!;
      if (answer instanceof ApiError) throw answer;
      return answer;
    }
    throw new ApiError(10001, 'not served');
  });
  return sent;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<div>home</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function submit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Login name or phone'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the password login', () => {
  it('shows no captcha until the server asks, then sends one with each attempt and loads a new one after a failure', async () => {
    const sent = serve([REQUIRED, WRONG_CAPTCHA, { token: 't', refreshToken: 'r', expiresIn: 7200 }]);
    renderPage();
    expect(screen.queryByTestId('login-captcha-input')).toBeNull();

    await submit('admin', 'Demo@2026');
    expect((await screen.findByTestId('login-error')).textContent).toContain('many wrong passwords for this account');
    expect((await screen.findByTestId('login-captcha-image')).getAttribute('src')).toContain(btoa('<svg>1</svg>'));
    expect(sent[0]).not.toHaveProperty('captchaId');

    fireEvent.change(screen.getByTestId('login-captcha-input'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ username: 'admin', captchaId: 'c1', code: 'abcd' });
    expect((await screen.findByTestId('login-error')).textContent).toContain('did not match the picture');
    // The used captcha is replaced and its answer cleared.
    await waitFor(() => expect((screen.getByTestId('login-captcha-image')).getAttribute('src')).toContain(btoa('<svg>2</svg>')));
    expect((screen.getByTestId('login-captcha-input') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByTestId('login-captcha-input'), { target: { value: 'efgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ captchaId: 'c2', code: 'efgh' });
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it('asks for the characters before sending once the captcha is shown', async () => {
    const sent = serve([REQUIRED]);
    renderPage();
    await submit('admin', 'Demo@2026');
    await screen.findByTestId('login-captcha-image');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter the characters in the picture')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });
});
