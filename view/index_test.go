package view

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

func TestLineRunID(t *testing.T) {
	for _, tc := range []struct {
		name, line, want string
	}{
		{"usual", `{"type":"text","runId":"run_1","delta":"x"}`, "run_1"},
		{"spaces", `{"type":"text", "runId" : "run_1"}`, "run_1"},
		{"after a printed document", `{"type":"tool_result","output":"{\"runId\":\"other\"}","runId":"run_2"}`, "run_2"},
		{"escaped value", `{"type":"text","runId":"run_\u0031"}`, "run_1"},
		{"escaped key", `{"type":"text","run\u0049d":"run_3"}`, "run_3"},
		{"none", `{"type":"prompt","content":"hi"}`, ""},
		{"not a string", `{"type":"text","runId":7}`, ""},
		{"a value, not a key", `{"name":"runId","runId":"run_4"}`, "run_4"},
		{"not JSON", `runId`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := lineRunID([]byte(tc.line), nil)
			if string(got) != tc.want {
				t.Errorf("lineRunID(%s) = %q, want %q", tc.line, got, tc.want)
			}
		})
	}
}

// FuzzLineRunID checks the quick read of a runId against a full parse,
// on lines that parse.
func FuzzLineRunID(f *testing.F) {
	for _, name := range []string{"run.jsonl", "failed.jsonl", "interleaved.jsonl"} {
		data, err := os.ReadFile(filepath.Join(sample, name))
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		members, err := protocol.ParseObject(line, nil)
		if err != nil {
			return
		}
		var want []byte
		seen := false
		for i := range members {
			m := &members[i]
			if string(m.KeyText()) == protocol.FieldRunID {
				if seen {
					return // a duplicate key: either may be read
				}
				seen = true
				if m.Value.Kind == protocol.KindString {
					want = protocol.StringValue(m.Value)
				}
			}
		}
		got, _ := lineRunID(line, nil)
		if !bytes.Equal(got, want) {
			t.Errorf("lineRunID(%q) = %q, want %q", line, got, want)
		}
	})
}

// compressed writes the sample log name into dir, compressed by kind.
func compressed(t *testing.T, dir, name, kind string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sample, name))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	switch kind {
	case "gz":
		w := gzip.NewWriter(&buf)
		w.Write(data)
		w.Close()
	case "zst":
		w, _ := zstd.NewWriter(&buf)
		w.Write(data)
		w.Close()
	}
	if err := os.WriteFile(filepath.Join(dir, name+"."+kind), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCompressedInputs(t *testing.T) {
	for _, tc := range []struct {
		name     string
		limit    int64
		seekable bool
	}{
		{"cached", DefaultCacheLimit, true},
		{"over the cache limit", 1500, false}, // one copy fits, not the other
		{"no cache", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			compressed(t, dir, "failed.jsonl", "gz")
			compressed(t, dir, "run.jsonl", "zst")
			m := indexed(t, tc.limit, dir)
			if len(m.list.all) != 2 {
				t.Fatalf("%d runs indexed, want 2", len(m.list.all))
			}
			for _, e := range m.list.all {
				if !e.Compressed {
					t.Errorf("%s: not marked compressed", e.Name)
				}
				if e.Run.ID == "run_20260603_abc123" && e.Seekable != tc.seekable {
					t.Errorf("%s: seekable %v, want %v", e.Name, e.Seekable, tc.seekable)
				}
			}
			m = opened(t, "abc123", dir)
			press(m, "z")
			if s := screen(m); !strings.Contains(s, "open docs/DESIGN.md: no such file") {
				t.Errorf("the page of a compressed run is not drawn:\n%s", s)
			}
			press(m, "e", "r")
			if s := screen(m); !strings.Contains(s, "run.jsonl.zst:") || !strings.Contains(s, `"status": "error"`) {
				t.Errorf("no raw view of a compressed run's event:\n%s", s)
			}
		})
	}
}

// Each run's range starts at its first line and ends after its last; the
// cache folder is gone after Close.
func TestIndexRanges(t *testing.T) {
	dir := t.TempDir()
	compressed(t, dir, "interleaved.jsonl", "gz")
	sources := []string{filepath.Join(sample, "interleaved.jsonl"), filepath.Join(dir, "interleaved.jsonl.gz")}
	m := indexed(t, DefaultCacheLimit, sources...)
	data, _ := os.ReadFile(sources[0])
	for _, e := range m.list.all {
		text := data[e.Start:e.End]
		lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
		first, last := lines[0], lines[len(lines)-1]
		if !strings.Contains(first, `"run_start"`) || !strings.Contains(first, e.Run.ID) {
			t.Errorf("%s in %s starts at %q", e.Run.ID, e.Name, first)
		}
		if !strings.Contains(last, `"run_end"`) || !strings.Contains(last, e.Run.ID) {
			t.Errorf("%s in %s ends at %q", e.Run.ID, e.Name, last)
		}
		if e.Line != strings.Count(string(data[:e.Start]), "\n")+1 {
			t.Errorf("%s: line %d does not match offset %d", e.Run.ID, e.Line, e.Start)
		}
	}
	cacheDir := m.ix.cache.dir
	if cacheDir == "" {
		t.Fatal("nothing cached")
	}
	m.ix.Close()
	if _, err := os.Stat(cacheDir); !os.IsNotExist(err) {
		t.Errorf("cache folder left behind: %v", err)
	}
}

// A log appended to itself holds the same run twice: two entries, each
// page drawing its own lines.
func TestRunStartsOver(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(sample, "failed.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "twice.jsonl")
	os.WriteFile(path, append(append([]byte(nil), data...), data...), 0o644)
	m := indexed(t, DefaultCacheLimit, path)
	if len(m.list.all) != 2 {
		t.Fatalf("%d runs, want 2", len(m.list.all))
	}
	a, b := m.list.all[0], m.list.all[1]
	if a.Start != 0 || a.End != int64(len(data)) || b.Start != int64(len(data)) || b.End != int64(2*len(data)) {
		t.Errorf("ranges [%d,%d) and [%d,%d), want the two halves of %d bytes", a.Start, a.End, b.Start, b.End, 2*len(data))
	}
	if b.Line != a.Line+strings.Count(string(data), "\n") {
		t.Errorf("second run starts at line %d", b.Line)
	}
}

func TestUnreadableInput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.jsonl.gz"), []byte("\x1f\x8b\x08\x00 not gzip at all"), 0o644)
	copyLog(t, "failed.jsonl", dir, fileTime(t))
	m := indexed(t, DefaultCacheLimit, dir)
	if len(m.progress.Errors) != 1 || len(m.list.all) != 1 {
		t.Errorf("errors %v and %d runs, want 1 and 1", m.progress.Errors, len(m.list.all))
	}
	if s := screen(m); !strings.Contains(s, "1 unreadable input") {
		t.Errorf("the status line does not count the unreadable input:\n%s", s)
	}
}

func TestLineRunIDNested(t *testing.T) {
	line := `{"type":"tool_call","args":{"runId":"other"},"runId":"run_5"}`
	if got, _ := lineRunID([]byte(line), nil); string(got) != "run_5" {
		t.Errorf("got %q, want the top-level run_5", got)
	}
}

// The screen takes runs from an index still being built (run with -race).
func TestIndexInBackground(t *testing.T) {
	dir := t.TempDir()
	for i := range 20 {
		data, err := os.ReadFile(filepath.Join(sample, "run.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("log-%02d.jsonl", i)), data, 0o644)
	}
	sources, _ := input.Expand([]string{dir})
	ix := NewIndex(sources, t.TempDir(), DefaultCacheLimit)
	defer ix.Close()
	m := newModel(ix, false, false)
	done := make(chan struct{})
	go func() {
		ix.Build()
		close(done)
	}()
	for finished := false; !finished; {
		select {
		case <-done:
			finished = true
		default:
		}
		m.Update(tickMsg{})
		screen(m)
	}
	m.Update(indexedMsg{})
	if len(m.list.all) != 20 || !m.progress.Done || m.progress.FilesDone != 20 {
		t.Errorf("%d runs, progress %+v; want 20 runs, done", len(m.list.all), m.progress)
	}
}

// Close waits for a Build under way, and a Build after Close leaves
// nothing behind.
func TestCloseStopsBuild(t *testing.T) {
	dir := t.TempDir()
	for i := range 50 {
		compressed(t, dir, "run.jsonl", "gz")
		os.Rename(filepath.Join(dir, "run.jsonl.gz"), filepath.Join(dir, fmt.Sprintf("log-%02d.jsonl.gz", i)))
	}
	sources, _ := input.Expand([]string{dir})
	cacheParent := t.TempDir()
	ix := NewIndex(sources, cacheParent, DefaultCacheLimit)
	go ix.Build()
	ix.Close()
	ix.Build()
	if left, _ := os.ReadDir(cacheParent); len(left) != 0 {
		t.Errorf("the cache is left behind: %v", left)
	}
}
