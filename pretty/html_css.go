package pretty

// pageCSS is the page's only style sheet, inline so the file stands alone.
// Colors are variables so the dark scheme only swaps values.
const pageCSS = `{{define "css"}}
:root {
  --bg: #f6f7f9; --fg: #1f2328; --muted: #656d76; --card: #ffffff; --line: #d0d7de;
  --code: #eef1f4; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --ask: #9a6700;
  --tool: #0969da; --block-bg: #ffebe9; --ask-bg: #fff8c5; --final-bg: #dafbe1;
  --cached: #9ec5fe; --in: #0969da; --out: #fb8500;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #8d96a0; --card: #161b22; --line: #30363d;
    --code: #1f242c; --ok: #3fb950; --bad: #f85149; --warn: #d29922; --ask: #d29922;
    --tool: #58a6ff; --block-bg: #3c1618; --ask-bg: #2e2a14; --final-bg: #12261a;
    --cached: #1f4b8f; --in: #58a6ff; --out: #f0883e;
  }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
code, pre, .usage, .id { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
h1 { font-size: 22px; margin: 0 0 4px; word-break: break-all; }
.sub { color: var(--muted); margin: 0 0 16px; }
.ok { color: var(--ok); } .bad { color: var(--bad); } .warn { color: var(--warn); } .ask { color: var(--ask); font-weight: 600; }
.id { color: var(--muted); }
.pill { display: inline-block; padding: 1px 10px; border-radius: 999px; font-size: 13px; font-weight: 600;
  border: 1px solid currentColor; vertical-align: middle; }

.card { display: flex; flex-wrap: wrap; gap: 16px; background: var(--card); border: 1px solid var(--line);
  border-left: 6px solid var(--line); border-radius: 8px; padding: 14px 18px; margin: 0 0 14px; }
.card.success { border-left-color: var(--ok); } .card.failure { border-left-color: var(--bad); }
.card.unfinished { border-left-color: var(--warn); }
.card-text { flex: 1 1 380px; min-width: 0; }
.card h2 { font-size: 16px; margin: 0 0 8px; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
.card h2 .id { color: var(--fg); text-decoration: none; }
.card h2 .id:hover { text-decoration: underline; }
details.runs { margin: 0 0 14px; }
details.runs > summary { font-weight: 600; margin-bottom: 10px; }
.chart-box { margin: 0; flex: 0 1 auto; max-width: 100%; overflow-x: auto; }
.chart-box figcaption { color: var(--muted); font-size: 12px; }
.key { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 10px; border-radius: 2px; }
.key.cached, .chart .cached { background: var(--cached); fill: var(--cached); }
.key.in, .chart .in { background: var(--in); fill: var(--in); }
.key.out, .chart .out { background: var(--out); fill: var(--out); }
.chart .axis { stroke: var(--line); } .chart text { fill: var(--muted); font-size: 10px; }
.chart .step { text-anchor: middle; }
.chart g:hover rect { opacity: .75; }

dl.kv { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 4px 0; }
dl.kv dt { color: var(--muted); } dl.kv dd { margin: 0; overflow-wrap: anywhere; }

.timeline { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px 18px; }
.ev { display: grid; grid-template-columns: minmax(0, 1fr); gap: 10px; padding: 4px 0; }
.ev.tagged { grid-template-columns: 76px minmax(0, 1fr); }
.ev > .body { grid-column: -2; min-width: 0; }
.tag { font: 600 12px/1.9 ui-monospace, monospace; text-align: center; border-radius: 4px; color: #fff;
  height: fit-content; padding: 0 4px; overflow: hidden; text-overflow: ellipsis; }
.card h2 .tag { padding: 0 8px; }
.c0 { background: #0969da; } .c1 { background: #8250df; } .c2 { background: #1b7c83; }
.c3 { background: #9a6700; } .c4 { background: #1a7f37; } .c5 { background: #cf222e; }

.prose { white-space: pre-wrap; overflow-wrap: anywhere; }
.start { border-top: 2px solid var(--fg); margin-top: 14px; padding-top: 8px; }
.start:first-child { margin-top: 0; }
.run-title { font-size: 17px; margin: 0 0 4px; }
.text .body { padding: 4px 0; }
.reasoning .body { color: var(--muted); font-style: italic; border-left: 3px dotted var(--line); padding-left: 10px; }
.label { font-style: normal; font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em;
  color: var(--muted); margin-right: 8px; }
.prompt .label { color: var(--tool); }

.call .head { padding: 2px 0; }
.sym { font-weight: 700; }
.call .sym, .tool { color: var(--tool); }
.tool { font-weight: 600; }
.args { color: var(--muted); overflow-wrap: anywhere; }
.effect { font-size: 12px; padding: 0 6px; border-radius: 4px; background: var(--code); }
.effect.read { color: var(--ok); } .effect.write { color: #8250df; } .effect.shell { color: var(--warn); } .effect.network { color: var(--bad); }
.result.paired .body { margin-left: 22px; }
details summary { cursor: pointer; padding: 2px 0; }
pre.output { margin: 4px 0; padding: 8px 10px; background: var(--code); border-radius: 6px; max-height: 420px;
  overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.more { color: var(--muted); margin: 0 0 4px; font-size: 13px; }

.permission .body { background: var(--ask-bg); border-left: 4px solid var(--ask); border-radius: 4px; padding: 6px 10px; }
.permission.decision .body { background: transparent; border-left-color: var(--ok); }
.permission.refused .body { border-left-color: var(--bad); }
.permission.paired .body { margin-left: 22px; }
.field { color: var(--muted); margin-left: 8px; }
.risk { font-weight: 700; } .risk.low { color: var(--ok); } .risk.medium { color: var(--warn); }
.risk.high, .risk.critical { color: var(--bad); } .risk.critical { text-transform: uppercase; }
.block { background: var(--block-bg); border-left: 4px solid var(--bad); border-radius: 4px; padding: 6px 10px; margin: 6px 0 2px; }
.block-label { background: var(--bad); color: #fff; font-weight: 700; padding: 1px 8px; border-radius: 4px; margin-right: 4px; }
.block code { font-weight: 700; color: var(--bad); }
.block-fields { display: block; }
.block-fields .field:first-child { margin-left: 0; }

.usage .body { color: var(--muted); font-size: 12px; }
.notice .body { border-radius: 4px; padding: 4px 10px; }
.notice.warning .body { background: var(--ask-bg); color: var(--warn); }
.notice.error .body { background: var(--block-bg); color: var(--bad); }
.notice.invalid .body { border: 1px dashed #8250df; color: #8250df; }
.final .body { background: var(--final-bg); border: 1px solid var(--ok); border-radius: 8px; padding: 8px 14px; margin: 8px 0; }
.final h3 { margin: 0 0 4px; font-size: 14px; color: var(--ok); }
.end .body { padding: 4px 0 10px; }
footer.page { color: var(--muted); font-size: 12px; text-align: center; margin-top: 16px; }
{{end}}`
