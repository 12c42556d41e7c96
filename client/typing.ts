/** Whether a key press lands in a field (or editable text), where a page's bare-key shortcuts must stay quiet. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
}
