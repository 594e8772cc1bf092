package redact

import (
	"bytes"
	"strings"
	"testing"
)

func TestRewriter(t *testing.T) {
	rs, err := Compile(Config{Secrets: []string{"hunter2-hunter2"}})
	if err != nil {
		t.Fatal(err)
	}
	rewrite := rs.NewRedactor().Rewriter()
	clean := []byte(`{"type":"text","delta":"nothing here"}`)
	if got := rewrite(clean); &got[0] != &clean[0] {
		t.Errorf("a clean line came back as a copy: %s", got)
	}
	for i := range 3 { // the buffer is reused from line to line
		got := string(rewrite([]byte(`{"type":"text","delta":"pw hunter2-hunter2 ` + strings.Repeat("x", i) + `"}`)))
		if strings.Contains(got, "hunter2") || !strings.Contains(got, DefaultReplacement) {
			t.Errorf("line %d: %s", i, got)
		}
	}
	if got := rewrite(clean); !bytes.Equal(got, clean) {
		t.Errorf("clean line after secrets: %s", got)
	}
}
