package gen

import (
	"bytes"
	"slices"
	"strconv"
)

// The tools of realistic runs. Their args are built per call from the
// content tree (args stays empty), and so is their output, before the call
// is written: the args name the file or word that the output shows.
var (
	realReadTools = []tool{
		{name: "read_file", sideEffect: "read", out: outSource},
		{name: "grep", sideEffect: "read", out: outGrep},
		{name: "list_files", sideEffect: "read", out: outListing},
	}
	realShellTools = []tool{
		{name: "bash", sideEffect: "shell", out: outSource},     // cat, sed -n
		{name: "bash", sideEffect: "shell", out: outGrep},       // grep -rn
		{name: "bash", sideEffect: "shell", out: outListing},    // find
		{name: "bash", sideEffect: "shell", out: outTestLog},    // go test
		{name: "bash", sideEffect: "shell", out: outStackTrace}, // go run, and a panic
	}
	realWriteTools = []tool{
		{name: "write_file", sideEffect: "write", out: outSource},
		{name: "edit_file", sideEffect: "write", out: outSource},
	}
	realNetworkTools = []tool{
		{name: "web_fetch", sideEffect: "network", out: outWeb},
		{name: "web_search", sideEffect: "network", out: outWeb},
	}
	realOtherTools = []tool{
		{name: "mcp__linear__get_issue", sideEffect: "unknown", out: outWeb},
		{name: "todo_write", sideEffect: "unknown", out: outListing},
	}
	realToolKindCards = slices.Concat(repeat(realReadTools, 5), repeat(realShellTools, 4),
		[][]tool{realWriteTools, realWriteTools, realNetworkTools, realOtherTools})
	realGatedTools = [][]tool{realWriteTools, realShellTools, realNetworkTools}

	// realFlowCards keep every flow, with fewer failures and denials than
	// the synthetic profiles, which show each shape as often as they can:
	// one call in seven fails or is refused, not one in three.
	realFlowCards = append(repeat(flowPlain, 32),
		flowFailed, flowFailed, flowFailed, flowTruncated, flowTruncated,
		flowGranted, flowGranted, flowGranted, flowGranted, flowGranted, flowGranted,
		flowDenied, flowBlockedAsk, flowHeadless, flowBlockedCall)
)

// realCall is the call whose args were built last: args and output.
type realCall struct {
	raw       []byte // the output as the tool printed it
	out       []byte // the output escaped, cut at the cap
	truncated bool
	args      []byte // a JSON object
}

// callArgs returns the args of a call of t in flow f. On a content tree it
// also builds the call's output, which toolOutput or failureOutput write.
func (w *runWriter) callArgs(t tool, f flow) string {
	if w.g.tree == nil {
		return pick(w.r, t.args)
	}
	c := &w.real
	c.raw, c.args = c.raw[:0], c.args[:0]
	total, limit := 0, realOutputCap
	switch {
	case f == flowFailed:
		w.realFailure(t)
	case f == flowTruncated:
		// A tool called with a small limit, smaller than what there is;
		// confirmations of writes are never cut.
		limit = w.r.between(2<<10, 16<<10)
		total = w.realOutput(t, limit)
		if t.sideEffect != "write" && t.name != "todo_write" && len(c.raw) > 1 {
			limit = min(limit, len(c.raw)/2)
		}
	default:
		total = w.realOutput(t, limit)
	}
	w.finishOutput(total, limit)
	return string(c.args)
}

// realOutput builds args and raw output of a successful call and returns
// the output's full size when the tool knows it (a file), else 0.
func (w *runWriter) realOutput(t tool, limit int) int {
	switch t.name {
	case "read_file", "web_fetch":
		return w.realRead(t)
	case "grep":
		w.realGrep(t, limit)
	case "list_files":
		w.realFind(t, limit)
	case "write_file":
		w.realWrite()
	case "edit_file":
		w.realEdit()
	case "web_search":
		w.realSearch()
	case "mcp__linear__get_issue":
		w.realIssue()
	case "todo_write":
		w.realTodos()
	default: // bash
		switch t.out {
		case outSource:
			return w.realRead(t)
		case outGrep:
			w.realGrep(t, limit)
		case outListing:
			w.realFind(t, limit)
		case outTestLog:
			w.realTest(false)
		default:
			w.realPanic()
		}
	}
	return 0
}

// finishOutput escapes the raw output, cut after the last whole line that
// fits the limit (at least one line, unless it is over the cap) and
// marked, as tools mark what they leave out.
func (w *runWriter) finishOutput(total, limit int) {
	c := &w.real
	raw := c.raw
	cut := len(raw)
	if len(raw) > limit {
		cut = bytes.LastIndexByte(raw[:limit], '\n') + 1
		if cut == 0 {
			cut = bytes.IndexByte(raw, '\n') + 1
		}
		if cut == 0 || cut > realOutputCap { // a line over the cap: cut inside it
			cut = limit
			for cut > 0 && raw[cut]&0xc0 == 0x80 {
				cut--
			}
		}
	}
	c.truncated = cut < len(raw)
	if c.truncated {
		if total == 0 {
			total = len(raw)
		}
		raw = raw[:cut]
		raw = append(raw, "… [output truncated: showing "...)
		raw = strconv.AppendInt(raw, int64(cut), 10)
		raw = append(raw, " of "...)
		raw = strconv.AppendInt(raw, int64(total), 10)
		raw = append(raw, " bytes]"...)
		c.raw = raw
	}
	c.out = appendEscaped(c.out[:0], raw)
}

// argsObject starts c.args as {"key":"value"; the caller closes it.
func (c *realCall) argsObject(key, value string) {
	c.args = append(c.args, `{"`...)
	c.args = append(c.args, key...)
	c.args = append(c.args, `":`...)
	c.args = appendString(c.args, value)
}

func (c *realCall) argsEnd() { c.args = append(c.args, '}') }

func (c *realCall) printf(parts ...string) {
	for _, p := range parts {
		c.raw = append(c.raw, p...)
	}
}

// realToolOutput appends the escaped output of the last realistic call;
// with Secrets, now and then with a credential on a line of its own in
// the middle, as when a tool reads a config file.
func (w *runWriter) realToolOutput(dst []byte) []byte {
	c := &w.real
	if !w.g.opts.Secrets || !w.r.chance(12) {
		return append(dst, c.out...)
	}
	mid := bytes.IndexByte(c.raw[len(c.raw)/2:], '\n') + 1
	if mid > 0 {
		mid += len(c.raw) / 2
	}
	dst = appendEscaped(dst, c.raw[:mid])
	dst = appendEscaped(dst, pick(w.r, secretLineFormats)(w.g.newSecret()))
	dst = append(dst, '\\', 'n')
	return appendEscaped(dst, c.raw[mid:])
}
