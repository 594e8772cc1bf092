package replay

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
)

// benchFixture is a run of n tool results of size bytes each, the shape
// of an output-heavy log.
func benchFixture(n, size int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"schemaVersion":2,"type":"run_start","runId":"run_20260603_abc123","sessionId":"zero_20260603100000_abc123","cwd":"/repo","provider":"p","model":"m"}` + "\n")
	output := strings.Repeat("x", size)
	for range n {
		b.WriteString(`{"schemaVersion":2,"type":"tool_result","runId":"run_20260603_abc123","id":"call_1","status":"ok","output":"` + output + `","truncated":false}` + "\n")
	}
	b.WriteString(`{"schemaVersion":2,"type":"run_end","runId":"run_20260603_abc123","status":"success","exitCode":0}` + "\n")
	return b.Bytes()
}

// BenchmarkPlay measures replay without pacing to a writer that costs
// nothing, so the numbers are replay's own work: one write per line (each
// a system call on a real pipe, so the real cost is higher), a large
// buffer, and the rewrites that parse every line.
func BenchmarkPlay(b *testing.B) {
	for _, shape := range []struct {
		name    string
		n, size int
	}{
		{"chatty-100B", 20000, 100},
		{"output-heavy-30KB", 200, 30000},
	} {
		fixture := benchFixture(shape.n, shape.size)
		for _, mode := range []struct {
			name string
			opts Options
		}{
			{"per-line", Options{}},
			{"buffered", Options{Buffered: true}},
			{"buffered+fresh-ids+as-version", Options{Buffered: true, FreshIDs: true, AsVersion: 1}},
		} {
			b.Run(shape.name+"/"+mode.name, func(b *testing.B) {
				b.SetBytes(int64(len(fixture)))
				for b.Loop() {
					p, err := NewPlayer(io.Discard, mode.opts)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := p.Play(input.NewReader(bytes.NewReader(fixture))); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
