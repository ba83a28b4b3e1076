// Whether a page's first HTML holds a shopper's data (scripts/bench-web.mjs, the "shopper's
// data" column of docs/performance.md "Measuring the storefront").

/** `text` as React writes it into HTML (&, <, >, ' and " escaped). */
const escapeHtml = (text) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll("'", '&#x27;')
    .replaceAll('"', '&quot;');

/**
 * Whether `html` shows every one of `texts` in its markup (text or attribute values, as written
 * or escaped), leaving its scripts out: data only in the RSC payload is not on the page until
 * JavaScript runs.
 */
export function htmlShows(html, texts) {
  const markup = html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
  return texts.every((text) => markup.includes(text) || markup.includes(escapeHtml(text)));
}
