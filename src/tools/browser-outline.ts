// The page outline the browser tools return, as a script run in the page (plain JavaScript: it runs in Chromium,
// not in Node, so it is a string here). It numbers each visible interactive element once (data-jarvis-id, kept
// across reads) and lists headings, text, and the numbered elements with what a model needs to act on them.
export const OUTLINE_SCRIPT = String.raw`(() => {
  const INTERACTIVE = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=tab], [onclick], [contenteditable=true]'
  let next = 1
  for (const el of document.querySelectorAll('[data-jarvis-id]')) next = Math.max(next, Number(el.getAttribute('data-jarvis-id')) + 1)
  const visible = (el) => {
    const s = getComputedStyle(el)
    return s.display !== 'none' && s.visibility !== 'hidden' && el.getClientRects().length > 0
  }
  const text = (s) => (s == null ? '' : String(s)).replace(/\s+/g, ' ').trim()
  const q = (s) => '"' + s + '"'
  const lines = []
  const describe = (el) => {
    if (!el.hasAttribute('data-jarvis-id')) el.setAttribute('data-jarvis-id', String(next++))
    const id = '[' + el.getAttribute('data-jarvis-id') + '] '
    const tag = el.tagName.toLowerCase()
    const label = text(el.innerText) || text(el.getAttribute('aria-label')) || text(el.getAttribute('title')) || text(el.getAttribute('alt'))
    if (tag === 'a') return id + 'link ' + q(label) + ' -> ' + el.getAttribute('href')
    if (tag === 'select') {
      const options = Array.from(el.options).map((o) => text(o.text)).join(' | ')
      return id + 'select ' + q(text(el.getAttribute('name')) || label) + ' options: ' + options + ' (selected: ' + text(el.selectedOptions[0] && el.selectedOptions[0].text) + ')'
    }
    if (tag === 'input' || tag === 'textarea') {
      const type = tag === 'textarea' ? 'textarea' : el.type
      if (type === 'checkbox' || type === 'radio') return id + type + ' ' + q(text(el.name) || label) + (el.checked ? ' checked' : '')
      if (type === 'submit' || type === 'button') return id + 'button ' + q(el.value || label)
      return id + 'textbox ' + q(text(el.getAttribute('aria-label')) || text(el.placeholder) || text(el.getAttribute('title')) || text(el.name)) + ' value=' + q(el.value)
    }
    return id + (el.getAttribute('role') || (tag === 'summary' ? 'summary' : 'button')) + ' ' + q(label)
  }
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const t = text(node.textContent)
      if (t) lines.push(t)
      return
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD'].includes(node.tagName) || !visible(node)) return
    if (node.matches(INTERACTIVE)) return void lines.push(describe(node))
    if (/^H[1-6]$/.test(node.tagName)) return void lines.push('heading ' + q(text(node.innerText)))
    for (const c of Array.from(node.childNodes)) walk(c)
  }
  walk(document.body)
  return lines.join('\n')
})()`
