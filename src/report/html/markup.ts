// Small HTML helpers for the report pages: escaping, sections, and tables that scroll sideways on a phone.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element or a quoted attribute: a setup name or a plug-in path is shown, never run. */
export function esc(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** A section of the page: a heading with an anchor, a sentence on what it shows, then its content. */
export function section(id: string, title: string, about: string, content: string): string {
  return `<section id="${esc(id)}"><h2><a href="#${esc(id)}">${esc(title)}</a></h2>${about ? `<p class="about">${esc(about)}</p>` : ''}${content}</section>`;
}

/** A chart with its caption. */
export function figure(chart: string, caption: string, extra = ''): string {
  return `<figure>${chart}${extra}<figcaption>${esc(caption)}</figcaption></figure>`;
}

/** A table of numbers; `numeric` columns align right. Wrapped so that it scrolls sideways rather than squeezing. */
export function dataTable(head: readonly string[], rows: readonly (readonly (string | number)[])[], o: { numeric?: readonly number[]; caption?: string; name?: string } = {}): string {
  const num = new Set(o.numeric ?? head.map((_, i) => i).slice(1));
  const cell = (tag: string, v: string | number, i: number) => `<${tag}${num.has(i) ? ' class="num"' : ''}>${esc(v)}</${tag}>`;
  const body = rows.map((r) => `<tr>${r.map((v, i) => cell(i === 0 ? 'th' : 'td', v, i)).join('')}</tr>`).join('');
  return `<div class="scroll"><table${o.name ? ` data-table="${esc(o.name)}"` : ''}>${o.caption ? `<caption>${esc(o.caption)}</caption>` : ''}<thead><tr>${head.map((h, i) => cell('th', h, i)).join('')}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** The numbers behind a chart, folded away under it. */
export function numbers(table: string, summary = 'The numbers'): string {
  return `<details><summary>${esc(summary)}</summary>${table}</details>`;
}

/** `key value` pairs as a definition list (the setup, the options). */
export function facts(pairs: readonly (readonly [string, string])[]): string {
  return `<dl class="facts">${pairs.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}
