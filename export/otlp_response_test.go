package export

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"go.opentelemetry.io/collector/pdata/ptrace/ptraceotlp"
)

func responseSeeds(f *testing.F) {
	for _, tc := range []struct {
		rejected int64
		reason   string
	}{{0, ""}, {2, "spans too old"}, {1 << 40, ""}, {0, "a reason alone"}} {
		r := ptraceotlp.NewExportResponse()
		r.PartialSuccess().SetRejectedSpans(tc.rejected)
		r.PartialSuccess().SetErrorMessage(tc.reason)
		b, _ := r.MarshalProto()
		f.Add(b, false)
		j, _ := r.MarshalJSON()
		f.Add(j, true)
	}
	f.Add([]byte(`{"partialSuccess":{"rejectedSpans":3}}`), true)
}

// FuzzPartialSuccess reads responses as the collector's pdata does: for
// the responses pdata reads and an encoder writes, the rejected spans and
// the reason agree.
func FuzzPartialSuccess(f *testing.F) {
	responseSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte, isJSON bool) {
		r := ptraceotlp.NewExportResponse()
		var rejected int64
		var reason string
		if isJSON {
			// pdata's reader is lenient: it takes some text that is not
			// JSON, or not UTF-8, which no endpoint sends.
			if !json.Valid(b) || !utf8.Valid(b) || r.UnmarshalJSON(b) != nil {
				return
			}
			rejected, reason = partialJSON(b)
		} else {
			rejected, reason = partialProto(b) // any bytes: no panic
			// Compared on responses as an encoder writes them: pdata
			// also takes some malformed bytes, which no endpoint sends.
			if r.UnmarshalProto(b) != nil {
				return
			}
			if canonical, _ := r.MarshalProto(); !bytes.Equal(canonical, b) {
				return
			}
		}
		ps := r.PartialSuccess()
		if rejected != ps.RejectedSpans() || reason != ps.ErrorMessage() {
			t.Errorf("read %d %q, pdata reads %d %q", rejected, reason, ps.RejectedSpans(), ps.ErrorMessage())
		}
	})
}
