// The zones Arab readers compare a kick-off in (issue 26, section 2): one list, here. Each is a
// tz database zone, so summer time and Ramadan come out as the database has them: Egypt keeps
// summer time (Africa/Cairo, since 2023), Saudi Arabia does not (Asia/Riyadh, UTC+3 all year),
// and Morocco was UTC+1 but for Ramadan, when it went back to UTC+0 (Africa/Casablanca; the
// database's `africa` file lists each Ramadan's dates), until it returned to UTC+0 for good on
// 2026-09-20 (tz 2026c). Rabat keeps Casablanca's time.
import type { Locale } from './locales.ts'

export interface ComparedZone {
  timeZone: string
  city: Record<Locale, string>
}

export const ARAB_TIME_ZONES: readonly ComparedZone[] = [
  { timeZone: 'Africa/Cairo', city: { ar: 'القاهرة', en: 'Cairo' } },
  { timeZone: 'Asia/Riyadh', city: { ar: 'مكة المكرمة', en: 'Mecca' } },
  { timeZone: 'Asia/Dubai', city: { ar: 'أبوظبي', en: 'Abu Dhabi' } },
  { timeZone: 'Africa/Casablanca', city: { ar: 'الرباط', en: 'Rabat' } },
  { timeZone: 'Africa/Algiers', city: { ar: 'الجزائر', en: 'Algiers' } },
  { timeZone: 'Africa/Tunis', city: { ar: 'تونس', en: 'Tunis' } },
  { timeZone: 'Asia/Baghdad', city: { ar: 'بغداد', en: 'Baghdad' } },
]
