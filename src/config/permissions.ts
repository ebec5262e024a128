/** @public Who may do what: each permission and the groups (`cognito:groups`) that hold it. The app and the API read
 * this one table; a resource made by `npm run new -- resource` adds its rows. */
export const PERMISSIONS = {
  'books:delete': ['snxt-editors'], // example: books
} as const satisfies Record<string, readonly string[]>;

export type Permission = keyof typeof PERMISSIONS;
export type PermissionTable = Readonly<Record<string, readonly string[]>>;

/** Whether any of these groups holds the permission; a permission the table does not have is held by nobody. */
export function groupsMay(
  groups: readonly string[],
  permission: string,
  table: PermissionTable = PERMISSIONS,
): boolean {
  if (!Object.hasOwn(table, permission)) return false;
  const holders = table[permission] ?? [];
  return groups.some((group) => holders.includes(group));
}
