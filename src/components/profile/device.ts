// A signed-in device in words people recognise ("Chrome on Windows"), from the User-Agent
// its browser sent at sign-in. The order matters: Edge and Opera also say Chrome, Chrome
// also says Safari, and Android also says Linux.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const first = (rules: [RegExp, string][], text: string) => rules.find(([pattern]) => pattern.test(text))?.[1]

/** The browser and the operating system a User-Agent names, each when it is one we know. */
export function deviceOf(userAgent: string | null): { browser?: string; system?: string } {
  if (!userAgent) return {}
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) }
}
