import { sql, type RawBuilder } from 'kysely';

/*
 * How an answer names a person (contract `createdByShape`): by their name, else by their login name when they
 * gave none, with the login name apart for the screens' hover. One expression for every list that says who did
 * something (the generation list first resolved it so), over an `app_user` row joined under `alias`; both are ''
 * when the row is missing (a left join to an account that is gone).
 */

/** The person's name, else the login name; '' without an account. */
export function personName(alias: string): RawBuilder<string> {
  return sql<string>`coalesce(nullif(${sql.ref(`${alias}.name`)}, ''), ${sql.ref(`${alias}.username`)}, '')`;
}

/** The login name; '' without an account. */
export function personUsername(alias: string): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(`${alias}.username`)}, '')`;
}
