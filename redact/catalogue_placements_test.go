package redact

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// A placed sample is one run of events with a sample written into one of
// its strings, the way credentials reach a log.
type placedSample struct {
	lines []string // the run's events
	line  int      // the event holding the sample
	field []string // the path of the string holding it, in that event
	value string   // that string, decoded
	at    int      // where the sample starts in value
	// form is how a piece of the sample reads in value: itself, or
	// JSON-escaped when the string holds a JSON document.
	form func(string) string
}

// placement puts sample s into the run numbered run; variants of a
// placement are picked by run.
type placement struct {
	name  string
	place func(run int, s string) placedSample
}

var placements = []placement{
	{"tool_result", placeInToolOutput},
	{"tool_call.args", placeInArgs},
	{"text", placeInText},
	{"json-escaped", placeEscaped},
}

// shellOutputs are tool outputs in which credentials show up: the sample
// goes between before and after.
var shellOutputs = []struct{ command, before, after string }{
	{"cat .env", "APP_ENV=production\nLOG_LEVEL=info\n", "\nPORT=8080\n"},
	{"env", "HOME=/home/dev\nSHELL=/bin/bash\nPATH=/usr/local/bin:/usr/bin:/bin\n", "\nLANG=en_US.UTF-8\nTERM=xterm-256color\n"},
	{"git config -l", "user.name=Dev Example\ncore.editor=vim\ncore.autocrlf=input\n", "\nremote.origin.fetch=+refs/heads/*:refs/remotes/origin/*\n"},
	{"curl -v https://api.example.com/v1/status",
		"*   Trying 93.184.216.34:443...\n* Connected to api.example.com (93.184.216.34) port 443\n> GET /v1/status HTTP/2\n> Host: api.example.com\n> User-Agent: curl/8.5.0\n",
		"\n< HTTP/2 200\n< content-type: application/json\n"},
}

func placeInToolOutput(run int, s string) placedSample {
	sh := shellOutputs[run%len(shellOutputs)]
	out := sh.before + s + sh.after
	return onRun(run, []string{
		event("tool_call", run, "id", "call_1", "name", "bash", "args", obj("command", sh.command), "sideEffect", "shell"),
		event("tool_result", run, "id", "call_1", "status", "ok", "output", out, "truncated", false),
	}, 1, []string{"output"}, out, len(sh.before), same)
}

func placeInArgs(run int, s string) placedSample {
	if run%2 == 0 {
		const before = "# local settings\n"
		content := before + s + "\n"
		return onRun(run, []string{
			event("tool_call", run, "id", "call_1", "name", "write_file", "args", obj("path", "config/.env.local", "content", content), "sideEffect", "write"),
			event("tool_result", run, "id", "call_1", "status", "ok", "output", "wrote config/.env.local", "truncated", false),
		}, 0, []string{"args", "content"}, content, len(before), same)
	}
	const before = "cat >> .env <<'EOF'\n"
	command := before + s + "\nEOF"
	return onRun(run, []string{
		event("tool_call", run, "id", "call_1", "name", "bash", "args", obj("command", command), "sideEffect", "shell"),
		event("tool_result", run, "id", "call_1", "status", "ok", "output", "", "truncated", false),
	}, 0, []string{"args", "command"}, command, len(before), same)
}

func placeInText(run int, s string) placedSample {
	const before = "I found this in the project's configuration:\n\n"
	delta := before + s + "\n\nIt should not be committed; I will move it to the secret store."
	return onRun(run, []string{
		event("text", run, "delta", delta),
		event("final", run, "text", "Moved the value out of the repository."),
	}, 0, []string{"delta"}, delta, len(before), same)
}

// placeEscaped writes the sample as a value in a JSON document that a
// tool printed or wrote, so its quotes, line breaks and backslashes are
// escapes in the string the event holds.
func placeEscaped(run int, s string) placedSample {
	const before = "{\n  \"name\": \"app\",\n  \"settings\": \""
	doc := before + jsonEscaped(s) + "\"\n}\n"
	if run%2 == 0 {
		return onRun(run, []string{
			event("tool_call", run, "id", "call_1", "name", "bash", "args", obj("command", "cat config.json"), "sideEffect", "shell"),
			event("tool_result", run, "id", "call_1", "status", "ok", "output", doc, "truncated", false),
		}, 1, []string{"output"}, doc, len(before), jsonEscaped)
	}
	return onRun(run, []string{
		event("tool_call", run, "id", "call_1", "name", "write_file", "args", obj("path", "config.json", "content", doc), "sideEffect", "write"),
		event("tool_result", run, "id", "call_1", "status", "ok", "output", "wrote config.json", "truncated", false),
	}, 0, []string{"args", "content"}, doc, len(before), jsonEscaped)
}

func same(s string) string { return s }

// jsonEscaped is s as it reads between the quotes of a JSON string.
func jsonEscaped(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	q := strings.TrimSuffix(b.String(), "\n")
	return q[1 : len(q)-1]
}

// onRun wraps the events between the run's run_start and run_end.
func onRun(run int, events []string, line int, field []string, value string, at int, form func(string) string) placedSample {
	lines := []string{event("run_start", run, "cwd", "/home/dev/app", "provider", "anthropic", "model", "claude-sonnet-4-5")}
	lines = append(lines, events...)
	lines = append(lines, event("run_end", run, "status", "success", "exitCode", 0))
	return placedSample{lines: lines, line: line + 1, field: field, value: value, at: at, form: form}
}

// orderedObject is a JSON object whose members keep their order.
type orderedObject []any

func obj(kv ...any) orderedObject { return orderedObject(kv) }

func (o orderedObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteByte('{')
	for i := 0; i+1 < len(o); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := enc.Encode(o[i]); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1) // Encode's newline
		b.WriteByte(':')
		if err := enc.Encode(o[i+1]); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// event is one output event of schema version 2 in run number run.
func event(typ string, run int, kv ...any) string {
	o := obj(append([]any{"schemaVersion", 2, "type", typ, "runId", fmt.Sprintf("run_%05d", run)}, kv...)...)
	b, err := o.MarshalJSON()
	if err != nil {
		panic(err)
	}
	return string(b)
}
