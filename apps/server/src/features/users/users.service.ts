import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@kunci/contracts/errors';
import type { MediaStore } from '@kunci/media/store';
import { userTypeName, type User } from '@kunci/contracts/users';
import { AppError } from '../../lib/app-error.ts';
import { publishImage } from '../../lib/uploads.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

/** The user as the API shows it to themselves: never the password hash, lock or role internals beyond the role. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    phoneNo: row.phoneNumber,
    name: row.name,
    email: row.email,
    avatar: row.avatarKey ? `/media/${row.avatarKey}/{w}.webp` : null,
    language: row.language as User['language'],
    userType: row.userType,
    userTypeName: userTypeName(row.userType),
    passwordSet: row.passwordHash !== null,
    role: row.role,
    rentalRole: row.rentalRole,
    stats: { lastActivityDate: row.lastActivityAt?.toISOString() ?? null },
    isDoneDealLandlord: false,
  };
}

export function createUsersService(repository: UsersRepository, store: MediaStore) {
  const find = async (id: string) => {
    const row = await repository.findById(id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, { userId: id });
    return row;
  };
  return {
    get: async (id: string) => toUserDto(await find(id)),
    publicView: async (id: string) => {
      const row = await find(id);
      return { id: row.id, name: row.name, avatar: row.avatarKey ? `/media/${row.avatarKey}/{w}.webp` : null };
    },
    update: async (
      id: string,
      changes: {
        language?: User['language'] | undefined;
        name?: string | undefined;
        email?: string | null | undefined;
        userType?: number | undefined;
        rentalRole?: User['rentalRole'] | undefined;
      },
    ) => {
      const clean = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      if (Object.keys(clean).length === 0) return toUserDto(await find(id));
      return toUserDto((await repository.update(id, clean))!);
    },
    /**
     * Replaces the avatar: the bytes are checked to be a real picture (JPEG, PNG, WebP or HEIF within the avatar's
     * pixel limit), re-encoded without metadata, then published.
     */
    async setAvatar(id: string, bytes: Buffer) {
      const row = await find(id);
      const key = `avatars/${randomUUID()}`;
      await publishImage(store, key, bytes, 'avatar', 'body');
      const updated = await repository.update(id, { avatarKey: key });
      if (row.avatarKey) await store.removePrefix(row.avatarKey);
      return toUserDto(updated!);
    },
    attributes: async (id: string) => ({ userAttributes: (await find(id)).attributes }),
    setAttributes: async (id: string, attributes: Record<string, string | number | boolean>) => {
      const row = await find(id);
      const updated = await repository.update(id, { attributes: { ...row.attributes, ...attributes } });
      return { userAttributes: updated!.attributes };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
