// Physical left/right in styles breaks right-to-left pages; logical properties
// (inline-start/end) lay out both directions from one rule.
const PHYSICAL = [
  /\b(margin|padding|border|inset|scroll-margin|scroll-padding)-(left|right)\b/,
  /(^|[\s;{])(left|right)\s*:/,
  /\b(text-align|float|clear)\s*:\s*(left|right)\b/,
  /\bborder-(top|bottom)-(left|right)-radius\b/,
  /\b(margin|padding|border)(Left|Right)\b/,
  /\b(textAlign|float)\s*:\s*['"](left|right)['"]/,
]

export interface PhysicalStyle {
  line: number
  text: string
}

/** Lines of CSS (or inline styles in TSX) that use physical left/right. */
export function physicalStyles(source: string): PhysicalStyle[] {
  const found: PhysicalStyle[] = []
  source.split('\n').forEach((text, index) => {
    const code = text.replace(/\/\*.*?\*\/|\/\/.*$/g, '')
    if (PHYSICAL.some((pattern) => pattern.test(code))) found.push({ line: index + 1, text: text.trim() })
  })
  return found
}
