// The HTML report's page: one self-contained file (styles, script and the report's JSON inline, nothing
// fetched), readable in light and dark mode and on a phone. The kinds' renderers give its sections.
import { embedded } from './embed.js';
import { esc } from './markup.js';

export interface Page {
  /** The report kind (`run`, `tournament`, …), on <body data-kind> for scripts and tests. */
  readonly kind: string;
  readonly title: string;
  /** One line under the title: what was played. */
  readonly subtitle: string;
  /** The shell command that plays it again, or null when the report does not say (the note then tells). */
  readonly command: string | null;
  /** What the command plays beyond the report's games, or null. */
  readonly note: string | null;
  /** A warning shown in a banner (an interrupted run), or null. */
  readonly warning: string | null;
  /** Exactly what `--json` prints: embedded on one line, within the page's size budget (embed.ts). */
  readonly json: string;
  readonly sections: readonly string[];
}

const CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2230;--muted:#5c6475;--grid:#d9dde5;--panel:#f4f6f9;--accent:#3b6fd8;--whisker:#1d2230;
--town:#3b6fd8;--mafia:#c8413b;--draw:#8a8f99;--stalemate:#d59a1c;--warn-bg:#fff4d6;--warn-fg:#6b4a00;
--c-survived:#9ec5a3;--c-vote:#e09a3e;--c-shootout:#b5651d;--c-fouls:#a78bca;--c-mafia:#c8413b;--c-maniac:#7a3fa0;--c-courtesan:#d8609b;--c-killer:#5a5f6b;--c-sportsman:#2f9c95;--c-several:#c9b037}
@media (prefers-color-scheme:dark){:root{--bg:#14171d;--fg:#e3e6ec;--muted:#9aa3b2;--grid:#343a46;--panel:#1d2129;--accent:#7aa2f7;--whisker:#e3e6ec;
--town:#7aa2f7;--mafia:#f07a72;--draw:#a3a8b3;--stalemate:#e8b54a;--warn-bg:#3b3112;--warn-fg:#f5d98c;
--c-survived:#5f8f66;--c-vote:#d88a2c;--c-shootout:#c07a35;--c-fouls:#9c82c4;--c-mafia:#e0625a;--c-maniac:#a070c8;--c-courtesan:#e07aad;--c-killer:#8a909c;--c-sportsman:#43b3ab;--c-several:#cdb64a}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:980px;margin:0 auto;padding:16px 16px 48px}
h1{font-size:1.5rem;margin:.2em 0}h2{font-size:1.15rem;margin:1.8em 0 .3em;border-bottom:1px solid var(--grid);padding-bottom:.2em}
h2 a{color:inherit;text-decoration:none}h3{font-size:1rem;margin:1em 0 .2em}
.subtitle,.about,figcaption{color:var(--muted)}figcaption{font-size:.85rem;margin-top:.2em}
figure{margin:.6em 0 1.2em}
.warning{background:var(--warn-bg);color:var(--warn-fg);padding:.6em .9em;border-radius:6px;font-weight:600}
p.exploited{background:var(--warn-bg);color:var(--warn-fg);padding:.4em .8em;border-radius:6px}
.command{display:flex;gap:8px;align-items:flex-start;background:var(--panel);border-radius:6px;padding:8px 10px;margin:.6em 0}
.command code{flex:1;overflow-wrap:anywhere;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
button,.button{font:inherit;font-size:.85rem;padding:2px 10px;border:1px solid var(--grid);border-radius:5px;background:var(--bg);color:var(--fg);cursor:pointer;text-decoration:none;white-space:nowrap}
nav{font-size:.9rem;margin:.8em 0;display:flex;flex-wrap:wrap;align-items:center;gap:4px 14px}nav a{color:var(--accent)}nav a.button{color:var(--fg)}
svg.chart{display:block;width:100%;height:auto;overflow:visible;font-family:inherit}
.grid{stroke:var(--grid);stroke-width:1}.zero{stroke:var(--fg);stroke-width:1.2}
.axis,.value,.label{fill:var(--fg)}.axis{fill:var(--muted);font-size:13px}.small{font-size:13px}
.bar,.dot{fill:var(--accent)}.bar.town,.dot.town{fill:var(--town)}.bar.mafia,.dot.mafia{fill:var(--mafia)}.bar.draw,.dot.draw{fill:var(--draw)}.bar.stalemate,.dot.stalemate{fill:var(--stalemate)}
.whisker{stroke:var(--whisker);stroke-width:1.6;fill:none}.whisker.faint{stroke-opacity:.3;stroke-width:1}
.line{fill:none;stroke:var(--accent);stroke-width:2.2}.line.stalemate{stroke-dasharray:6 3}.ref{stroke:var(--fg);stroke-width:1.2;stroke-dasharray:5 4;stroke-opacity:.75}.change{stroke:var(--muted);stroke-width:1.2;stroke-dasharray:2 3}.ref-label{fill:var(--muted)}.axis-title{fill:var(--muted)}
ul.profiles{margin:.1em 0;padding-left:1.2em}.plays h3{font-size:.95rem;margin:.8em 0 .1em}.band{fill:var(--accent);fill-opacity:.18;stroke:none}.target{stroke:var(--fg);stroke-width:1.2;stroke-dasharray:5 4}
${['town', 'mafia', 'draw', 'stalemate'].map((k) => `.line.${k}{stroke:var(--${k})}.band.${k}{fill:var(--${k})}.swatch.${k}{background:var(--${k})}`).join('')}
.heat{fill:var(--accent)}.heat-text{fill:var(--fg)}.heat-text.strong{fill:var(--bg);font-weight:600}
.seg-text{fill:#fff;font-size:12px;pointer-events:none}
${['survived', 'vote', 'shootout', 'fouls', 'mafia', 'maniac', 'courtesan', 'killer', 'sportsman', 'several'].map((k) => `.c-${k}{fill:var(--c-${k});background:var(--c-${k})}`).join('')}
.legend{list-style:none;padding:0;margin:.3em 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:.85rem}
.swatch{display:inline-block;width:.9em;height:.9em;border-radius:2px;margin-right:5px;vertical-align:-1px}
.multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:6px 18px}
.multiples figure{margin:.2em 0}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%}
table{border-collapse:collapse;font-size:.88rem;margin:.4em 0;white-space:nowrap}
th,td{padding:3px 10px;border-bottom:1px solid var(--grid);text-align:left}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
thead th{border-bottom:2px solid var(--grid)}tbody th{font-weight:500}
details{margin:.3em 0 1em}summary{cursor:pointer;color:var(--accent);font-size:.9rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:.4em 0;font-size:.92rem}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
footer{margin-top:3em;color:var(--muted);font-size:.8rem}
@media (max-width:600px){body{font-size:14px}main{padding:10px 10px 40px}h1{font-size:1.25rem}dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:4px}}
`;

// Copies the command; offers the embedded JSON as a file. Nothing is fetched and nothing is sent.
const SCRIPT = `
(function () {
  var data = document.getElementById('report-data');
  var json = document.getElementById('download-json');
  if (data && json && window.Blob && window.URL) {
    json.href = URL.createObjectURL(new Blob([data.textContent], { type: 'application/json' }));
    json.hidden = false;
  }
  document.querySelectorAll('button[data-copy]').forEach(function (b) {
    b.hidden = false;
    b.addEventListener('click', function () {
      var text = document.getElementById(b.getAttribute('data-copy')).textContent;
      var done = function () { b.textContent = 'copied'; setTimeout(function () { b.textContent = 'copy'; }, 1500); };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, function () {});
      else {
        var range = document.createRange();
        range.selectNodeContents(document.getElementById(b.getAttribute('data-copy')));
        var sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
      }
    });
  });
})();
`;

/** JSON inside <script>: `<` escaped so that no value can close the element early; it parses the same. */
function embeddable(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function page(p: Page): string {
  const data = embedded(p.json);
  const footer = data.left === null
    ? 'The report’s data, as <code>--json</code> prints it (on one line), is inside this file (script#report-data; “download JSON” saves it).'
    : `The report’s data as <code>--json</code> prints it, less ${esc(data.left)} to keep this page small (<code>--json</code> has them), is inside this file (script#report-data; “download JSON” saves it).`;
  const nav = [...p.sections.join('').matchAll(/<section id="([^"]+)"><h2><a href="#[^"]+">([^<]+)<\/a>/g)].map((m) => `<a href="#${m[1]}">${m[2]}</a>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="mafia-sim">
<title>${esc(p.title)}</title>
<style>${CSS}</style>
</head>
<body data-kind="${esc(p.kind)}">
<main>
<header>
<h1>${esc(p.title)}</h1>
<p class="subtitle">${esc(p.subtitle)}</p>
${p.warning ? `<p class="warning" role="alert">${esc(p.warning)}</p>` : ''}
${p.command === null ? '' : `<div class="command"><code id="command">${esc(p.command)}</code><button type="button" data-copy="command" hidden>copy</button></div>`}
${p.note ? `<p class="about">${esc(p.note)}</p>` : ''}
<nav>${nav}<a id="download-json" class="button" download="${esc(p.kind)}.json" hidden>download JSON</a></nav>
</header>
${p.sections.join('\n')}
<footer>Made by mafia-sim. ${footer}</footer>
</main>
<script type="application/json" id="report-data"${data.left === null ? '' : ' data-partial="true"'}>${embeddable(data.text)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
