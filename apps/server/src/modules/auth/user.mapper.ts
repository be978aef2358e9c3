import type { UserDto } from '@mp/shared';
import type { users } from '../../db/schema';
import { pick } from '../../lib/pick';

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the password hash. */
export function toUserDto(u: UserRow): UserDto {
  return {
    id: u.id,
    _id: u.id,
    ...pick(u, ['username', 'email', 'role', 'phone']),
    fullName: u.fullName ?? u.username,
    gender: u.gender,
    dob: u.dob,
    createdAt: u.createdAt.toISOString(),
  };
}

export const toSessionUser = (u: UserRow): Express.SessionUser => ({
  id: u.id,
  role: u.role,
  email: u.email,
  username: u.username,
  sessionVersion: u.sessionVersion,
});
