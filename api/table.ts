/** The table's keys: `pk` = `{resource}#{sub}` (resource names hold no `#`), `sk` = the item's id. */
export const TABLE_KEYS = { partition: 'pk', sort: 'sk' } as const;

/** `/{name}` for each resource: lower-case letters, digits and inner hyphens, as URL paths and permissions use them. */
export const RESOURCE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
