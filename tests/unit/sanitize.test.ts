import { describe, expect, it } from 'vitest'
import { sanitizePostHtml } from '../../src/posts/sanitize.ts'

describe('sanitizePostHtml', () => {
  it('keeps the markup the team writes with', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p>A <strong>bold</strong> and <em>quiet</em> line<br />split.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote>' +
      '<figure><blockquote><p>said</p></blockquote><figcaption>who</figcaption></figure>' +
      '<p><a href="https://github.com/openfootball">openfootball</a>, <a href="mailto:desk@example.org">mail</a>, <a href="/en/club/42">club</a></p>'
    expect(sanitizePostHtml(html)).toBe(html)
  })

  it('drops scripts, styles and other code-carrying elements with their content', () => {
    expect(sanitizePostHtml('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>')
    expect(sanitizePostHtml('<style>p{color:red}</style><p>x</p>')).toBe('<p>x</p>')
    expect(sanitizePostHtml('<svg><script>alert(1)</script></svg><p>x</p>')).toBe('<p>x</p>')
    expect(sanitizePostHtml('<iframe src="https://evil.example"></iframe><p>x</p>')).toBe('<p>x</p>')
    expect(sanitizePostHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>')).toBe('')
    expect(sanitizePostHtml('<textarea><script>alert(1)</script></textarea>')).toBe('')
  })

  it('drops images, media, forms and document-level tags entirely', () => {
    expect(sanitizePostHtml('<img src=x onerror=alert(1)>')).toBe('')
    expect(sanitizePostHtml('<video src="a.mp4"></video><audio src="a.mp3"></audio>')).toBe('')
    expect(sanitizePostHtml('<object data="x"></object><embed src="x"><form action="/x"><input name="q"></form>')).toBe('')
    expect(sanitizePostHtml('<base href="https://evil.example/"><meta http-equiv="refresh" content="0"><link rel="stylesheet" href="x">')).toBe('')
  })

  it('keeps the text of tags outside the list but not the tags', () => {
    expect(sanitizePostHtml('<div><span>a</span></div><h1>b</h1><table><tr><td>c</td></tr></table>')).toBe('abc')
  })

  it('strips event handlers, styles, classes and ids', () => {
    expect(sanitizePostHtml('<p onclick="steal()" style="background:url(javascript:x)" class="c" id="i">a</p>')).toBe('<p>a</p>')
    expect(sanitizePostHtml('<a href="https://x.example" onmouseover="alert(1)">x</a>')).toBe('<a href="https://x.example">x</a>')
  })

  it('drops target and rel from links, so no opened page can reach window.opener', () => {
    expect(sanitizePostHtml('<a href="https://a.example" target="_blank" rel="opener">x</a>')).toBe('<a href="https://a.example">x</a>')
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' java\tscript:alert(1)',
    'jav&#x61;script:alert(1)',
    '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'http://plain.example',
    '//evil.example',
    '\\\\evil.example',
  ])('drops the href %j', (href) => {
    expect(sanitizePostHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>')
  })

  it('defeats nested and split tags', () => {
    const out = sanitizePostHtml('<scr<script>ipt>alert(1)</scr</script>ipt><<script>script>alert(2)<</script>/script>')
    expect(out).not.toMatch(/<script/i)
    expect(out).not.toContain('<')
  })

  it('closes unclosed tags and escapes stray brackets', () => {
    expect(sanitizePostHtml('<p>unclosed <strong>bold')).toBe('<p>unclosed <strong>bold</strong></p>')
    expect(sanitizePostHtml('<p>1 < 2 > 0</p>')).toBe('<p>1 &lt; 2 &gt; 0</p>')
  })

  it('keeps encoded markup encoded rather than decoding it into tags', () => {
    expect(sanitizePostHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(sanitizePostHtml('<p>&lt;img src=x onerror=alert(1)&gt;</p>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>')
  })

  it('drops comments, including conditional ones', () => {
    expect(sanitizePostHtml('<!-- <script>alert(1)</script> --><p>c</p><!--[if IE]><script>x</script><![endif]-->')).toBe('<p>c</p>')
  })

  it('is idempotent, so stored bodies compare equal after a second load', () => {
    const once = sanitizePostHtml('<p onclick="x">a & b <em>c<script>d</script></p><a href="javascript:x">e')
    expect(sanitizePostHtml(once)).toBe(once)
  })
})
