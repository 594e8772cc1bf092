package export

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// countingSink checks the rows of a walk as they come.
type countingSink struct {
	t                         *testing.T
	events, runs, calls, uses int
}

func (s *countingSink) run(r *RunRow) error {
	s.runs++
	if r.Day == "" || r.Events < 1 {
		s.t.Errorf("run row without day or events: %+v", r)
	}
	return nil
}

func (s *countingSink) event(e *EventRow) error {
	s.events++
	if e.Valid != (e.Raw != nil) || (e.RunID != "" && e.Seq < 0) {
		s.t.Errorf("event row at line %d: valid %v, raw %v, run %q, seq %d", e.Line, e.Valid, e.Raw != nil, e.RunID, e.Seq)
	}
	return nil
}

func (s *countingSink) toolCall(c *ToolCallRow) error {
	s.calls++
	if c.CallID == "" || c.EndLine < c.Line || c.EndSeq < c.Seq {
		s.t.Errorf("tool call row: %+v", c)
	}
	if c.Denied && !c.Requested && !c.Decided {
		s.t.Errorf("call %s denied with no request or decision", c.CallID)
	}
	return nil
}

func (s *countingSink) usage(*UsageRow) error     { s.uses++; return nil }
func (s *countingSink) problem(*ProblemRow) error { return nil }

// FuzzWalker reads any text as a log: every line that is not blank is an
// event row, and the rows are consistent, whatever the bytes.
func FuzzWalker(f *testing.F) {
	for _, glob := range []string{"v2/*.jsonl", "v1/*.jsonl", "invalid/files/*.jsonl"} {
		files, _ := filepath.Glob(filepath.Join(logsDir, glob))
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil {
				f.Add(data)
			}
		}
	}
	f.Add([]byte(`{"type":"tool_result","runId":"r","id":"x","status":"error"}` + "\n" + `{"type":"run_end","runId":"r"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &countingSink{t: t}
		w := newWalker(s, false)
		stdin := []input.Source{{Name: input.StdinName}}
		unreadable := false // bytes that look compressed and are not
		if err := w.walk(stdin, bytes.NewReader(data), func(error) { unreadable = true }); err != nil {
			t.Fatal(err)
		}
		if unreadable {
			return
		}
		lines := 0
		// A byte order mark before line 1 is not part of it (a line of
		// a BOM alone is blank, as zsj validate reads it).
		text := bytes.TrimPrefix(data, []byte("\ufeff"))
		for _, l := range bytes.Split(text, []byte("\n")) {
			l = bytes.TrimSuffix(l, []byte("\r"))
			if !protocol.IsBlank(l) {
				lines++
			}
		}
		if s.events != lines {
			t.Errorf("%d event rows for %d lines that are not blank", s.events, lines)
		}
		if int64(s.runs) != w.Runs || int64(s.calls) != w.ToolCalls {
			t.Errorf("rows %d runs %d calls, counted %d %d", s.runs, s.calls, w.Runs, w.ToolCalls)
		}
	})
}
