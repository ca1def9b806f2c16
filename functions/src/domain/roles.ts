/** Role ids as stored in the `role` custom claim and mirrored in `users/{uid}`. */
export const ROLES = {
  USER: 'user',
  FOREMAN: 'foreman',
  MANAGER: 'manager',
  MANAGER_PL: 'manager_pl',
  ADMIN: 'admin',
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

/** Higher number = more authority. */
export const ROLE_HIERARCHY = {
  user: 1,
  foreman: 2,
  manager: 3,
  manager_pl: 4,
  admin: 5,
} as const satisfies Record<Role, number>;

export const ALL_ROLES: readonly Role[] = Object.values(ROLES);

/** The role a user has when the token carries no `role` claim. */
export const DEFAULT_ROLE: Role = ROLES.USER;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ALL_ROLES as readonly string[]).includes(value);
}

/** Roles whose level is at least `minimum`'s, in hierarchy order. */
export function rolesFrom(minimum: Role): Role[] {
  return ALL_ROLES.filter((role) => ROLE_HIERARCHY[role] >= ROLE_HIERARCHY[minimum]);
}
