package pretty

import (
	"html/template"
	"sync"
)

// pageTemplates are the blocks of the page. html/template escapes every
// value by the context it lands in, so a tool output full of markup shows
// as text. Each block template starts and ends outside any tag, since the
// timeline is streamed block by block. They are parsed on first use, not
// when any zsj command starts.
var pageTemplates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Parse(pageCSS + `
{{define "head"}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="zsj pretty">
<title>{{.Title}} · zsj pretty</title>
<style>{{template "css"}}</style>
</head>
<body>
<header class="page">
<h1>{{.Title}}</h1>
<p class="sub">{{len .Runs}} run{{if ne (len .Runs) 1}}s{{end}} · {{.Events}} events{{if .Invalid}} · <span class="bad">{{.Invalid}} invalid line{{if ne .Invalid 1}}s{{end}}</span>{{end}}</p>
{{if gt (len .Runs) 6}}<details class="runs"><summary>summaries of the {{len .Runs}} runs: {{.Outcomes}}</summary>
{{range .Runs}}{{template "card" .}}{{end}}</details>{{else}}{{range .Runs}}{{template "card" .}}{{end}}{{end}}
</header>
<main class="timeline">
{{end}}

{{define "tail"}}</main>
<footer class="page">rendered by zsj pretty</footer>
</body>
</html>
{{end}}

{{define "card"}}<section class="card{{if .Unfinished}} unfinished{{else if .OK}} success{{else}} failure{{end}}">
<div class="card-text">
<h2>{{template "tag" .Tag}}<a class="id" href="#run-{{.Index}}">{{.ID}}</a>
{{if .Unfinished}}<span class="pill warn">unfinished</span>{{else}}<span class="pill {{if .OK}}ok{{else}}bad{{end}}">{{.Status}} · exit {{.Exit}}</span>{{end}}</h2>
<dl class="kv">
{{with .Model}}<dt>model</dt><dd>{{.}}</dd>{{end}}
{{with .Session}}<dt>session</dt><dd>{{.}}</dd>{{end}}
{{with .Cwd}}<dt>cwd</dt><dd>{{.}}</dd>{{end}}
<dt>tools</dt><dd>{{.Calls}}{{with .Tools}}: {{.}}{{end}}</dd>
<dt>denied</dt><dd>{{if .Denied}}<span class="bad">{{.Denied}} permission{{if ne .Denied 1}}s{{end}}</span>{{else}}none{{end}}</dd>
<dt>problems</dt><dd>{{.Errors}} · {{.Warnings}} warning{{if ne .Warnings 1}}s{{end}}</dd>
<dt>tokens</dt><dd>{{.Tokens}}</dd>
</dl>
</div>
{{with .Chart}}<figure class="chart-box">{{.}}<figcaption><span class="key cached"></span>cached input <span class="key in"></span>input <span class="key out"></span>output, per step</figcaption></figure>{{end}}
</section>
{{end}}

{{define "tag"}}{{with .}}<span class="tag c{{.Color}}">{{.Tag}}</span>{{end}}{{end}}

{{define "start"}}<div class="ev start{{if .Run}} tagged{{end}}" id="run-{{.Index}}">{{template "tag" .Run}}<div class="body">
<h2 class="run-title">run <span class="id">{{.ID}}</span>{{if not .Started}} <span class="pill warn">no run_start</span>{{end}}</h2>
{{with .Rows}}<dl class="kv">{{range .}}<dt>{{.K}}</dt><dd>{{.V}}</dd>{{end}}</dl>{{end}}
</div></div>
{{end}}

{{define "prompt"}}<div class="ev prompt"><div class="body"><span class="label">{{with .Role}}{{.}}{{else}}{{.Label}}{{end}}</span><div class="prose">{{.Content}}</div></div></div>
{{end}}

{{define "prose-open"}}<div class="ev {{if .Thinking}}reasoning{{else}}text{{end}}{{if .Run}} tagged{{end}}">{{template "tag" .Run}}<div class="body prose">{{if .Thinking}}<span class="label">thinking</span>{{end}}{{end}}

{{define "call"}}<div class="ev call{{if .Run}} tagged{{end}}">{{template "tag" .Run}}<div class="body">
<div class="head"><span class="sym">▶</span> <code class="tool">{{.Name}}</code>{{with .Args}} <code class="args">{{.}}</code>{{end}}{{with .Effect}} <span class="effect {{.}}">{{.}}</span>{{end}} <span class="id">{{.ID}}</span></div>
{{with .Block}}{{template "block" .}}{{end}}
</div></div>
{{end}}

{{define "result"}}<div class="ev result{{if .Adjacent}} paired{{end}}{{if .Run}} tagged{{end}}">{{template "tag" .Run}}<div class="body">
<details{{if .Open}} open{{end}}><summary><span class="sym {{if .OK}}ok{{else}}bad{{end}}">{{if .OK}}✓{{else}}✗{{end}}</span>{{if not .Adjacent}} <code class="tool">{{.Name}}</code> <span class="id">{{.ID}}</span>{{end}} <span class="{{if .OK}}ok{{else}}bad{{end}}">{{.Status}}</span> · {{.Size}}{{if not .Empty}} · {{.Lines}}{{end}}{{if .Truncated}} · <span class="warn">truncated by the producer</span>{{end}}{{if .Denied}} · <span class="bad">denied (no one to ask)</span>{{end}}</summary>
{{if .Output}}<pre class="output">{{range .Output}}{{.}}
{{end}}</pre>{{end}}{{with .More}}<p class="more">… {{.}}</p>{{end}}
</details>
{{with .Block}}{{template "block" .}}{{end}}
</div></div>
{{end}}

{{define "permission"}}<div class="ev permission{{if .Decision}} decision {{if .Granted}}granted{{else}}refused{{end}}{{end}}{{if .Adjacent}} paired{{end}}{{if .Run}} tagged{{end}}">{{template "tag" .Run}}<div class="body">
<div class="head">{{if .Decision}}{{if .Granted}}<span class="ok">✓ allowed</span>{{else}}<span class="bad">✗ denied</span>{{end}}{{else}}<span class="ask">? permission</span>{{end}} <code class="tool">{{.Name}}</code>
<span class="field">action {{.Action}}</span>{{if ne .Permission .Action}} <span class="field">permission {{.Permission}}</span>{{end}}{{with .Mode}} <span class="field">mode {{.}}</span>{{end}}{{with .Effect}} <span class="effect {{.}}">{{.}}</span>{{end}}{{with .DecisionReason}} <span class="field">{{.}}</span>{{end}}</div>
{{if or .Reason .Risk}}<dl class="kv">{{with .Reason}}<dt>reason</dt><dd>{{.}}</dd>{{end}}{{with .Risk}}<dt>risk</dt><dd>{{template "risk" .}}</dd>{{end}}</dl>{{end}}
{{with .Block}}{{template "block" .}}{{end}}
</div></div>
{{end}}

{{define "risk"}}<span class="risk {{.Level}}">{{.Level}}</span>{{with .Categories}} ({{.}}){{end}}{{end}}

{{define "block"}}<div class="block"><span class="block-label">⊘ blocked</span> <code>{{.Code}}</code>{{with .Reason}}: {{.}}{{end}}
<span class="block-fields">{{with .Tool}}<span class="field">tool {{.}}</span>{{end}}{{with .Action}} <span class="field">action <b>{{.}}</b></span>{{end}}{{with .Risk}} <span class="field">risk {{template "risk" .}}</span>{{end}}{{with .Recoverable}} <span class="field">{{.}}</span>{{end}}</span></div>{{end}}

{{define "usage"}}<div class="ev usage{{if .Run}} tagged{{end}}">{{template "tag" .Run}}<div class="body">Σ step {{.Step}} · {{.Text}}</div></div>
{{end}}

{{define "notice"}}<div class="ev notice {{.Class}}{{if .Run}} tagged{{end}}">{{template "tag" .Run}}<div class="body"><b>{{if eq .Class "error"}}✖{{else}}⚠{{end}} {{.Label}}:</b> {{.Text}}</div></div>
{{end}}

{{define "final"}}<div class="ev final{{if .Run}} tagged{{end}}">{{template "tag" .Run}}<div class="body"><h3>Final answer</h3><div class="prose">{{.Text}}</div></div></div>
{{end}}

{{define "end"}}<div class="ev end{{if .Run}} tagged{{end}}">{{template "tag" .Run}}<div class="body"><span class="pill {{if .OK}}ok{{else}}bad{{end}}">■ run {{.ID}} ended · {{.Status}} · exit code {{.Exit}}</span></div></div>
{{end}}
`))
})
