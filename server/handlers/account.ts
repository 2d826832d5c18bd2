// The signed-in user's own account (personal center): profile, avatar and language.
import { fieldError } from '../errors.ts';
import { LANGUAGES } from '../domain/branding/languages.ts';
import { MAX_AVATAR_BYTES, sniffImage } from '../domain/accounts/images.ts';
import { findUser, loadProfile, updateUser } from '../repositories/accounts.ts';
import { removeAvatar, saveAvatar } from '../repositories/avatars.ts';
import { defineHandlers } from './types.ts';

export const accountHandlers = defineHandlers({
  getUserInfo: ({ db, user }) => loadProfile(db, user.userId),

  async modifyUserHead({ db, config, user, body }) {
    // The multipart parser hands file parts over as Buffers; the contract types them as strings.
    const file = body.file as unknown as Buffer;
    if (file.length >= MAX_AVATAR_BYTES) throw fieldError('file', 'fileTooLarge', { limit: MAX_AVATAR_BYTES / 1024 / 1024 });
    const kind = sniffImage(file);
    if (!kind) throw fieldError('file', 'notImage');
    const previous = (await findUser(db, user.userId))?.userHead ?? null;
    const userHead = await saveAvatar(config, file, kind);
    await updateUser(db, user.userId, { userHead });
    await removeAvatar(config, previous);
    return { userHead };
  },

  async switchLanguage({ db, user, query }) {
    // Any language the web app has: the server's own texts (errMsg, e-mails) fall back to English,
    // or to Simplified Chinese for Chinese, where it has none of its own.
    const languages = LANGUAGES.map((l) => l.value);
    if (!languages.includes(query.lang)) throw fieldError('lang', 'language', { value: query.lang, values: languages.join(', ') });
    await updateUser(db, user.userId, { lang: query.lang });
    return null;
  },
});
