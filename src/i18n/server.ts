// One i18n instance per request (never a global mutable locale in the worker): the
// catalogs are compiled from locales/*/*.po at build time by @lingui/vite-plugin. The
// worker renders the islands too, so it holds their catalog beside its own (decision 076).
import { type I18n, setupI18n } from '@lingui/core'
import { messages as arIslands } from '../../locales/ar/islands.po'
import { messages as ar } from '../../locales/ar/messages.po'
import { messages as enIslands } from '../../locales/en/islands.po'
import { messages as en } from '../../locales/en/messages.po'
import type { Locale } from '../../lib/locales.ts'

const catalogs = { ar: { ...arIslands, ...ar }, en: { ...enIslands, ...en } }

export function createI18n(lang: Locale): I18n {
  return setupI18n({ locale: lang, messages: { [lang]: catalogs[lang] } })
}
