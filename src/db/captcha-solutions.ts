// Spent captcha solutions (migration …0100_accounts): a solution works once, so its
// signature is kept until its challenge would have expired anyway.
import type postgres from 'postgres'

/**
 * Records a solution as spent; false when it already was (a replay). One statement that
 * also clears rows past their expiry, so the table never holds more than a few minutes of
 * submissions and needs no scheduled job.
 */
export async function spendCaptchaSolution(sql: postgres.Sql, signature: string, expiresAt: number): Promise<boolean> {
  const rows = await sql`
    with expired as (delete from captcha_solutions where expires_at < now())
    insert into captcha_solutions (signature, expires_at) values (${signature}, to_timestamp(${expiresAt}))
    on conflict (signature) do nothing
    returning signature`
  return rows.length === 1
}
