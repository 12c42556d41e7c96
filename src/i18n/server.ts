// One i18n instance per request (never a global mutable locale in the worker): the
// catalogs are compiled from locales/*/messages.po at build time by @lingui/vite-plugin.
import { type I18n, setupI18n } from '@lingui/core'
import { messages as ar } from '../../locales/ar/messages.po'
import { messages as en } from '../../locales/en/messages.po'
import type { Locale } from '../../lib/locales.ts'

const catalogs = { ar, en }

export function createI18n(lang: Locale): I18n {
  return setupI18n({ locale: lang, messages: { [lang]: catalogs[lang] } })
}
