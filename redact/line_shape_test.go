package redact

import (
	"bytes"
	"slices"
	"strings"
	"testing"
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
}

// TestLineShapes: a Redactor that scans only the end of a line that
// repeats a clean shape (scanChecked) redacts each line of a stream as
// one that scans every line whole does.
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
}

func sameAsFullScans(t *testing.T, rs *RuleSet, lines []string) {
	t.Helper()
	x, full := rs.NewRedactor(), rs.NewRedactor()
	full.fullScans = true
	for i, line := range lines {
		got, res := x.Line([]byte(line), nil)
		want, wres := full.Line([]byte(line), nil)
		if !bytes.Equal(got, want) || res.Changed != wres.Changed || !slices.Equal(ruleIDs(res.Matches), ruleIDs(wres.Matches)) {
			t.Fatalf("line %d %q:\nscanning its end: %q %v\nscanning it all:  %q %v", i+1, line, got, ruleIDs(res.Matches), want, ruleIDs(wres.Matches))
		}
	}
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
	f.Fuzz(func(t *testing.T, stream string) {
		sameAsFullScans(t, rs, strings.Split(stream, "\n"))
	})
}
