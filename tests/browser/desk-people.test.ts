// The desk's people screens in a browser, in both languages: an editor answers a message from
// the keyboard (Arabic desk, narrow), an admin changes a role and ends a session (English
// desk, wide), and axe finds nothing serious on the inbox, a message, the accounts, an
// account and the audit log.
import { describe, expect } from 'vitest'
import { expectAccessible, it, setRole, successToast, withDb } from './fixtures.ts'

async function contactMessage(): Promise<string> {
  return withDb(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into contact_messages (name, email, subject, message, lang)
      values ('كريم', ${`sender-${crypto.randomUUID().slice(0, 8)}@example.test`}, 'سؤال عن الدوري المغربي',
        ${'متى تضيفون الدوري المغربي؟\n\nأتابع الرجاء كل أسبوع.'}, 'ar')
      returning id::text`
    return row!.id
  })
}

describe('the desk’s people screens', () => {
  it('an editor replies to a message from the keyboard (Arabic desk, narrow)', async ({ signedIn }) => {
    const { page, account } = await signedIn('ar', { viewport: { width: 390, height: 844 } })
    await setRole(account.email, 'editor')
    const id = await contactMessage()
    await page.goto('/ar/desk/inbox')
    await expectAccessible(page)
    await page.getByRole('link', { name: 'سؤال عن الدوري المغربي' }).first().click()
    await expect.poll(() => page.url()).toContain(`/ar/desk/inbox/${id}`)
    await expectAccessible(page)
    const reply = page.getByLabel('ردّك')
    await reply.focus()
    await page.keyboard.type('شكرًا لرسالتك، نعمل على ذلك.')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await successToast(page)
    await expect.poll(() => page.locator('.desk-replies').textContent()).toContain('نعمل على ذلك')
    await expectAccessible(page)
  })

  it('an admin changes a role and ends a session, and reads the audit log (English desk, wide)', async ({ signedIn }) => {
    const { page, account } = await signedIn('en')
    const other = await signedIn('en')
    await setRole(account.email, 'admin')
    await page.goto(`/en/desk/users?q=${encodeURIComponent(other.account.email)}`)
    await expectAccessible(page)
    await page.getByRole('link', { name: other.account.name }).click()
    await expectAccessible(page)
    await page.getByLabel('What the account may do').selectOption('editor')
    await page.getByRole('button', { name: 'Change the role' }).click()
    await successToast(page)
    await page.getByRole('button', { name: /^End this session/ }).first().click()
    await successToast(page)
    // That device is signed out at its next request.
    const away = await other.page.goto('/en/desk')
    expect(other.page.url()).toContain('/en/login?next=')
    expect(away?.status()).toBe(200)
    await page.goto('/en/desk/audit?target_type=user')
    await expect.poll(() => page.locator('.desk-audit-entry').first().textContent()).toMatch(/ended an account’s sessions/)
    await expect.poll(() => page.locator('.desk-changes').nth(1).textContent()).toMatch(/role: reader\s*→\s*becomes\s*editor/)
    await expectAccessible(page)
  })
})
