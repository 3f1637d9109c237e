import { z } from 'zod';

/**
 * A row's id in an address or a request: a whole number above zero that fits PostgreSQL's integer
 * column, so an id out of range is refused as input rather than failing in the database. The label
 * names the row in each message ("Post" gives "Post id must be a number").
 */
export function rowIdSchema(label: string) {
  return z.coerce
    .number({ error: `${label} id must be a number` })
    .int(`${label} id must be a whole number`)
    .positive(`${label} id must be a positive number`)
    .max(2_147_483_647, `${label} id is out of range`);
}
