package redact

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/protocol"
)

// genLog writes a log with planted credentials and returns it with the
// planted values.
func genLog(t testing.TB, opts gen.Options) ([]byte, []string) {
	t.Helper()
	var planted []string
	opts.Secrets = true
	opts.OnSecret = func(v string) { planted = append(planted, v) }
	var buf bytes.Buffer
	if err := gen.Write(&buf, opts); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), planted
}

// lineStrings returns every key and string value of a JSON line, decoded
// and joined by NUL bytes, so a substring search finds what the line says.
func lineStrings(t testing.TB, line []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(line, &v); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			b.WriteString(v)
			b.WriteByte(0)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				b.WriteString(k)
				b.WriteByte(0)
				walk(e)
			}
		}
	}
	walk(v)
	return b.String()
}

// TestGeneratedSecrets holds redaction to the acceptance criteria on
// generated logs of every profile: every planted secret is found and
// removed, nothing else is touched (no false positives on the ordinary
// code, test output and text around them), the result still validates
// with --strict, and redacting it again changes nothing.
func TestGeneratedSecrets(t *testing.T) {
	rs := defaults(t)
	for _, profile := range gen.Profiles {
		t.Run(string(profile), func(t *testing.T) {
			runs := 40
			if profile == gen.OutputHeavy {
				runs = 10
			}
			log, planted := genLog(t, gen.Options{Runs: runs, Seed: 7, Profile: profile})
			if len(planted) < 10 {
				t.Fatalf("only %d secrets planted", len(planted))
			}
			x := rs.NewRedactor()
			full := rs.NewRedactor()
			full.walkAll = true // passing lines without a walk must change nothing
			var out bytes.Buffer
			linesWithSecrets, linesMatched := 0, 0
			for _, line := range bytes.Split(bytes.TrimSuffix(log, []byte("\n")), []byte("\n")) {
				text := lineStrings(t, line)
				has := false
				for _, p := range planted {
					if strings.Contains(text, p) {
						has = true
						break
					}
				}
				red, res := x.Line(line, nil)
				if !res.Changed {
					red = line
				}
				if _, fres := full.Line(line, nil); len(fres.Matches) != len(res.Matches) {
					t.Errorf("a full walk finds %v, Line %v", ruleIDs(fres.Matches), ruleIDs(res.Matches))
				}
				if has {
					linesWithSecrets++
				}
				if len(res.Matches) > 0 {
					linesMatched++
				}
				if has != (len(res.Matches) > 0) {
					t.Errorf("line with planted secret %v, matches %v", has, ruleIDs(res.Matches))
				}
				after := lineStrings(t, red)
				for _, p := range planted {
					if strings.Contains(after, p) {
						t.Errorf("planted secret survives (fingerprint %s)", fingerprint([]byte(p)))
					}
				}
				if again, res := x.Line(red, nil); res.Changed || len(res.Matches) > 0 {
					t.Errorf("redacting twice changes the line: %s", again)
				}
				out.Write(red)
				out.WriteByte('\n')
			}
			if linesWithSecrets == 0 || linesMatched != linesWithSecrets {
				t.Errorf("%d lines with secrets, %d matched", linesWithSecrets, linesMatched)
			}
			checkValid(t, out.Bytes())
		})
	}
}

// checkValid: the log passes the protocol's checks with warnings as errors.
func checkValid(t *testing.T, log []byte) {
	t.Helper()
	v := protocol.NewFileValidator("redacted", protocol.Options{Strict: true}, func(p protocol.Problem) {
		t.Errorf("redacted log: %s:%d: %s [%s] %s", p.File, p.Line, p.Message, p.Rule, p.Path)
	})
	for i, line := range bytes.Split(bytes.TrimSuffix(log, []byte("\n")), []byte("\n")) {
		v.Line(i+1, line, false)
	}
	v.End()
}
