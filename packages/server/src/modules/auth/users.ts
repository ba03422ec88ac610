import type { UserInfo } from '@backroom/schema';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

const userColumns = [
  'u.id',
  'u.user_name',
  'u.display_name',
  'u.email',
  'u.password_hash',
  'u.is_active',
  'u.must_change_password',
  'u.otp_secret',
  'u.otp_enabled',
  'u.otp_last_step',
  'r.name as role_name',
] as const;

const users = (db: Kysely<Database>) =>
  db.selectFrom('app_user as u').innerJoin('role as r', 'r.id', 'u.role_id').select(userColumns);

export type UserRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof users>['executeTakeFirst']>>>;

export const findUserByName = (db: Kysely<Database>, userName: string) =>
  users(db)
    .where(sql`lower(u.user_name)`, '=', userName.trim().toLowerCase())
    .executeTakeFirst();

export const findUserById = (db: Kysely<Database>, id: number) => users(db).where('u.id', '=', id).executeTakeFirst();

export function toUserInfo(user: UserRecord): UserInfo {
  return {
    userId: user.id,
    userName: user.user_name,
    displayName: user.display_name,
    role: user.role_name,
    email: user.email,
    otpEnabled: user.otp_enabled,
    mustChangePassword: user.must_change_password,
  };
}
