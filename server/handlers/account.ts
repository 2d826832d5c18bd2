// The signed-in user's own account (personal center): profile, avatar and language.
import { fieldError } from '../errors.ts';
import { catalogues } from '../i18n/messages.ts';
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
    const languages = Object.keys(catalogues);
    if (!languages.includes(query.lang)) throw fieldError('lang', 'language', { values: languages.join(', ') });
    await updateUser(db, user.userId, { lang: query.lang });
    return null;
  },
});
