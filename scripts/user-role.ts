// npm run user:role -- <email> <role>
//
// Gives an account a role: reader, contributor, editor or admin. It is how the first admin is
// made; after that admins change roles at the desk. Works on DATABASE_URL, else the embedded
// database (the one `npm start` is serving, when it runs). The change is written to the audit
// log as made by no account: the command line. Exits 1 when no account has that address.
import postgres from 'postgres'
import { recordAudit } from '../src/db/audit.ts'
import { ROLES, type Role } from '../src/db/users.ts'
import { runOnDatabase } from './lib/database.ts'

const [email, role] = process.argv.slice(2)
if (!email || !ROLES.includes(role as Role)) {
  console.error(`usage: npm run user:role -- <email> <${ROLES.join('|')}>`)
  process.exit(2)
}

await runOnDatabase(async (url) => {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const changed = await sql.begin(async (tx) => {
      const [user] = await tx<{ id: string; role: Role }[]>`select id::text, role from users where lower(email) = lower(${email}) for update`
      if (!user) return null
      await tx`update users set role = ${role!} where id = ${user.id}`
      await recordAudit(tx, null, { action: 'user.role', targetType: 'user', targetId: user.id, before: { role: user.role }, after: { role } })
      return user
    })
    if (!changed) {
      console.error(`No account has the address ${email}. Sign up first, then run this again.`)
      return 1
    }
    console.log(`${email}: ${changed.role} → ${role}`)
    return 0
  } finally {
    await sql.end()
  }
})
