package redact

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// shapeStream is a run of deltas that repeat one shape, with what may
// spoil the bytes before the delta: a keyword or an escape in the run id,
// a line that is not JSON (redacted as text, then parsed again), a
// secret in a delta and one split over two.
var shapeStreams = []string{
	`{"schemaVersion":2,"type":"text","runId":"r1","delta":"my "}
{"schemaVersion":2,"type":"text","runId":"r1","delta":"token is "}
{"schemaVersion":2,"type":"text","runId":"r1","delta":"` + splitToken + `"}
{"schemaVersion":2,"type":"text","runId":"r1","delta":" ok"}`,
	`{"schemaVersion":2,"type":"text","runId":"token=` + splitToken + `","delta":"a"}
{"schemaVersion":2,"type":"text","runId":"token=` + splitToken + `","delta":"b"}`,
	`{"schemaVersion":2,"type":"text","runId":"r\u0031","delta":"a"}
{"schemaVersion":2,"type":"text","runId":"r\u0031","delta":"password=hunter2hunter2"}`,
	`{"schemaVersion":2,"type":"text","runId":"r1","delta":"a"}
{"schemaVersion":2,"type":"text","runId":"r1","delta":"b" not json password=hunter2hunter2
{"schemaVersion":2,"type":"text","runId":"r1","delta":"api_key=` + splitToken + `"}`,
	`{"schemaVersion":2,"type":"text","runId":"r1","password":"x","delta":"a"}
{"schemaVersion":2,"type":"text","runId":"r1","password":"x","delta":"b"}`,
	// A valid event whose run id is a token: the checker remembers its
	// shape, and each line repeating it holds the token.
	`{"schemaVersion":2,"type":"text","runId":"` + splitToken + `","delta":"a"}
{"schemaVersion":2,"type":"text","runId":"` + splitToken + `","delta":"b"}`,
}

// TestLineShapes: a Redactor that scans only the end of a line that
// repeats a clean shape (scanChecked, with its parser's shapes; and
// FindShaped, with a LineChecker's) redacts and finds in each line of a
// stream as one that scans every line whole does.
func TestLineShapes(t *testing.T) {
	rs := defaults(t)
	for _, stream := range shapeStreams {
		sameAsFullScans(t, rs, strings.Split(stream, "\n"))
	}
	x := rs.NewRedactor()
	for _, line := range strings.Split(shapeStreams[0], "\n") {
		x.Line([]byte(line), nil)
	}
	if x.cleanPrefix == 0 {
		t.Error("a stream of clean deltas never scanned only their ends")
	}
	checker := protocol.NewLineChecker(protocol.Options{})
	var checked protocol.Checked
	for _, line := range strings.Split(shapeStreams[0], "\n") {
		checker.Check([]byte(line), false, &checked)
		x.FindShaped([]byte(line), checker.Shape())
	}
	if x.checkedPrefix == 0 {
		t.Error("a stream of clean deltas never had only their ends scanned by FindShaped")
	}
	// A blank line names no shape, but the checker keeps its memo: the
	// deltas after it are scanned from their last string again.
	lines := strings.Split(shapeStreams[0], "\n")
	for _, line := range append(append([]string{lines[0], ""}, lines[1:]...), lines[3]) {
		checker.Check([]byte(line), false, &checked)
		x.FindShaped([]byte(line), checker.Shape())
	}
	if x.checkedPrefix == 0 {
		t.Error("after a blank line, the deltas of the stream were scanned whole")
	}
}

func sameAsFullScans(t *testing.T, rs *RuleSet, lines []string) {
	t.Helper()
	x, full := rs.NewRedactor(), rs.NewRedactor()
	full.fullScans = true
	finder, fullFinder := rs.NewRedactor(), rs.NewRedactor()
	fullFinder.fullScans = true
	checker := protocol.NewLineChecker(protocol.Options{})
	var checked protocol.Checked
	for i, line := range lines {
		got, res := x.Line([]byte(line), nil)
		want, wres := full.Line([]byte(line), nil)
		if !bytes.Equal(got, want) || res.Changed != wres.Changed || !slices.Equal(ruleIDs(res.Matches), ruleIDs(wres.Matches)) {
			t.Fatalf("line %d %q:\nscanning its end: %q %v\nscanning it all:  %q %v", i+1, line, got, ruleIDs(res.Matches), want, ruleIDs(wres.Matches))
		}
		checker.Check([]byte(line), false, &checked)
		shape := checker.Shape()
		found := matchPaths(finder.FindShaped([]byte(line), shape))
		if all := matchPaths(fullFinder.Find([]byte(line))); !slices.Equal(found, all) {
			t.Fatalf("line %d %q (shape %+v):\nfound scanning its end: %v\nscanning it all:        %v", i+1, line, shape, found, all)
		}
	}
}

// matchPaths names each match by rule and path.
func matchPaths(ms []Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Rule+" "+m.Path)
	}
	return out
}

// FuzzLineShapes: the same over streams of lines the fuzzer makes.
func FuzzLineShapes(f *testing.F) {
	for _, s := range shapeStreams {
		f.Add(s)
	}
	rs, err := Compile(Config{})
	if err != nil {
		f.Fatal(err)
	}
	// The memo of clean long strings takes every string here: fuzzed
	// lines are short.
	for _, s := range memoStreams("token") {
		f.Add(s)
	}
	lowerMinCleanMemo(f, 1)
	f.Fuzz(func(t *testing.T, stream string) {
		sameAsFullScans(t, rs, strings.Split(stream, "\n"))
	})
}
