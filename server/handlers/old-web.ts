// One-time jumps to the old web (OLD_WEB_URL): a URL with a code the old web redeems once.
import { AppError, ErrCode, fieldError } from '../errors.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { issueOneTimeCode } from '../repositories/one-time-codes.ts';
import { defineHandlers } from './types.ts';

async function jumpUrl(db: Db, config: Config, user: AuthContext, purpose: string, redirectUrl?: string): Promise<{ url: string }> {
  // The old web knows nothing of read-only sessions: the shared demo visitor must not arrive there signed in.
  if (user.visitor) throw new AppError(ErrCode.forbidden, 'error.visitorReadOnly');
  if (!config.oldWebUrl) throw new AppError(ErrCode.badParam, 'accounts.oldWebMissing');
  // Only a path on the old web: a full or protocol-relative URL (browsers read /\ as //) would
  // make this an open redirect.
  if (redirectUrl !== undefined && !/^\/(?![/\\])/.test(redirectUrl.trim())) throw fieldError('redirectUrl', 'relativePath');
  const url = new URL(config.oldWebUrl);
  url.searchParams.set('code', await issueOneTimeCode(db, user.userId, purpose));
  if (redirectUrl !== undefined) url.searchParams.set('redirectUrl', redirectUrl.trim());
  return { url: url.toString() };
}

export const oldWebHandlers = defineHandlers({
  loginOldWebToEsolarHome: ({ db, config, user }) => jumpUrl(db, config, user, 'oldWebHome'),
  jumpLoginToOldWeb: ({ db, config, user, query }) => jumpUrl(db, config, user, 'oldWebJump', query.redirectUrl || undefined),
  getWebUrlAndCode: ({ db, config, user }) => jumpUrl(db, config, user, 'serviceWeb'),
});
