// Avatar files: stored under the data directory with random names, which are the only way to
// them (the server serves them without a token, as <img> cannot send one).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { ImageKind } from '../domain/accounts/images.ts';

export const AVATAR_ROUTE = '/resource/avatar';
/** A stored avatar's name: nothing a client could use to leave the directory. */
export const AVATAR_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|bmp|webp)$/;

type AvatarConfig = Pick<Config, 'dataDir' | 'inMemoryDb' | 'apiPrefix'>;

/** In-memory test apps keep nothing under the data directory. */
export const avatarDir = (config: AvatarConfig): string =>
  config.inMemoryDb ? path.join(os.tmpdir(), 'solar-portal-avatars') : path.join(config.dataDir, 'uploads', 'avatars');

export const avatarUrl = (config: AvatarConfig, fileName: string): string => `${config.apiPrefix}${AVATAR_ROUTE}/${fileName}`;

/** Stores the image and answers its URL path. */
export async function saveAvatar(config: AvatarConfig, data: Uint8Array, kind: ImageKind): Promise<string> {
  const dir = avatarDir(config);
  await mkdir(dir, { recursive: true });
  const fileName = `${randomUUID()}.${kind.ext}`;
  await writeFile(path.join(dir, fileName), data);
  return avatarUrl(config, fileName);
}

/** Deletes a stored avatar by its URL; URLs that are not ours (or already gone) are left alone. */
export async function removeAvatar(config: AvatarConfig, url: string | null): Promise<void> {
  const prefix = `${config.apiPrefix}${AVATAR_ROUTE}/`;
  const fileName = url?.startsWith(prefix) ? url.slice(prefix.length) : '';
  if (!AVATAR_FILE.test(fileName)) return;
  await unlink(path.join(avatarDir(config), fileName)).catch(() => undefined);
}

/** The stored bytes of an avatar, or undefined for a name that is not one. */
export async function readAvatar(config: AvatarConfig, fileName: string): Promise<Buffer | undefined> {
  if (!AVATAR_FILE.test(fileName)) return undefined;
  return readFile(path.join(avatarDir(config), fileName)).catch(() => undefined);
}
