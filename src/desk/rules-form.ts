// The desk's form of a competition's table rules (src/components/desk/competitions.tsx) and
// the body it becomes for PATCH /desk/competitions/{id} (src/routes/desk/competitions.tsx).
// Both read one layout: each kept entry with room for two more criteria and two more zones,
// then a blank entry for new rules. Rows left blank are left out of the body; the API's field
// errors, which count the entries and rows it was sent, are named back to the form's fields.
import { type Criterion, USUAL_POINTS } from '../../lib/standings.ts'
import { DEFAULT_RULES, type SeasonRules } from '../../lib/standings-rules.ts'
import { numberOrText } from './screen-params.ts'

export interface RulesBlock {
  /** Its place in the form: `rules.{index}.…`. */
  index: number
  entry: Omit<SeasonRules, 'from' | 'source'> & { from: string; source: string }
  /** The blank entry for new rules: left out unless its season or source is filled in. */
  fresh: boolean
  criteriaSlots: number
  zoneSlots: number
}

const SPARE = 2

/** A field of the form: `rules.0.zones.1.kind`. */
export const ruleField = (...parts: (string | number)[]): string => ['rules', ...parts].join('.')

/** The form's entries: the kept ones, then a blank one, which starts from the default rules. */
export function rulesLayout(kept: SeasonRules[] | null): RulesBlock[] {
  const blank = { ...DEFAULT_RULES, points: USUAL_POINTS, from: '', source: '' }
  return [...(kept ?? []), blank].map((entry, index) => ({
    index,
    entry,
    fresh: index === (kept ?? []).length,
    criteriaSlots: entry.criteria.length + SPARE,
    zoneSlots: entry.zones.length + SPARE,
  }))
}

/** A criterion as a select's value: its JSON, so structured ones (head-to-head) go back as they came. */
export const criterionValue = (criterion: Criterion): string => JSON.stringify(criterion)

const criterionOf = (value: string): unknown => {
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** Every field the form has for `layout`. */
export function rulesFields(layout: RulesBlock[]): string[] {
  return layout.flatMap(({ index, criteriaSlots, zoneSlots }) => {
    const p = `rules.${index}`
    return [
      `${p}.remove`,
      `${p}.from`,
      `${p}.points.win`,
      `${p}.points.draw`,
      `${p}.points.loss`,
      ...Array.from({ length: criteriaSlots }, (_, j) => `${p}.criteria.${j}`),
      `${p}.then`,
      ...Array.from({ length: zoneSlots }, (_, k) => ['kind', 'from', 'to'].map((part) => `${p}.zones.${k}.${part}`)).flat(),
      `${p}.source`,
    ]
  })
}

/** The rules the form says (null: none kept, the default rules), and the form's name for each field of the API's. */
export function rulesBody(values: Record<string, string>, layout: RulesBlock[]): { rules: unknown[] | null; fieldOf: Record<string, string> } {
  const rules: unknown[] = []
  const fieldOf: Record<string, string> = {}
  const name = (sent: string, form: string, parts: string[]) => {
    fieldOf[sent] = form
    for (const part of parts) fieldOf[`${sent}.${part}`] = `${form}.${part}`
  }
  for (const { index, fresh, criteriaSlots, zoneSlots } of layout) {
    const p = `rules.${index}`
    const value = (field: string) => values[`${p}.${field}`]?.trim() ?? ''
    if (value('remove') !== '' || (fresh && value('from') === '' && value('source') === '')) continue
    const a = `rules.${rules.length}`
    name(a, p, ['from', 'points', 'points.win', 'points.draw', 'points.loss', 'criteria', 'then', 'zones', 'source'])
    const criteria = Array.from({ length: criteriaSlots }, (_, j) => j)
      .filter((j) => value(`criteria.${j}`) !== '')
      .map((j, sent) => {
        fieldOf[`${a}.criteria.${sent}`] = `${p}.criteria.${j}`
        return criterionOf(value(`criteria.${j}`))
      })
    const zones = Array.from({ length: zoneSlots }, (_, k) => k)
      .filter((k) => ['kind', 'from', 'to'].some((part) => value(`zones.${k}.${part}`) !== ''))
      .map((k, sent) => {
        name(`${a}.zones.${sent}`, `${p}.zones.${k}`, ['kind', 'from', 'to'])
        return { kind: value(`zones.${k}.kind`), from: numberOrText(value(`zones.${k}.from`)), to: numberOrText(value(`zones.${k}.to`)) }
      })
    rules.push({
      from: value('from'),
      points: { win: numberOrText(value('points.win')), draw: numberOrText(value('points.draw')), loss: numberOrText(value('points.loss')) },
      criteria,
      then: value('then'),
      zones,
      source: value('source'),
    })
  }
  return { rules: rules.length > 0 ? rules : null, fieldOf }
}
