package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBaselineRoundTrip(t *testing.T) {
	found := NewBaseline()
	for _, s := range []Secret{
		{File: "b.jsonl", Line: 9, Path: "$.text", Rule: "jwt", Fingerprint: "0badc0de"},
		{File: "a.jsonl", Line: 3, Path: "$.output", Rule: "github-token", Fingerprint: "3e840b60"},
		{File: "c.jsonl", Line: 1, Path: "$.delta", Rule: "github-token", Fingerprint: "3e840b60"}, // seen again: first place kept
		{File: "a.jsonl", Line: 2, Path: "$.args.apiKey", Rule: "sensitive-key", Fingerprint: "e29f02d1"},
		{File: "a.jsonl", Line: 2, Path: "$.args.token", Rule: "github-token", Fingerprint: "00000001"},
	} {
		found.Add(s)
	}
	want := `{
  "version": 1,
  "secrets": [
    {"rule":"github-token","fingerprint":"00000001","file":"a.jsonl","path":"$.args.token"},
    {"rule":"github-token","fingerprint":"3e840b60","file":"a.jsonl","path":"$.output"},
    {"rule":"jwt","fingerprint":"0badc0de","file":"b.jsonl","path":"$.text"},
    {"rule":"sensitive-key","fingerprint":"e29f02d1","file":"a.jsonl","path":"$.args.apiKey"}
  ]
}
`
	if got := string(found.Marshal()); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	path := filepath.Join(t.TempDir(), "baseline.json")
	if err := found.Write(path); err != nil {
		t.Fatal(err)
	}
	read, err := ReadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(read.Marshal()); got != want {
		t.Errorf("read back as\n%s", got)
	}

	// Matching is by rule and fingerprint: not by file, path or line.
	for _, tc := range []struct {
		s    Secret
		want bool
	}{
		{Secret{File: "moved/renamed.jsonl", Line: 70, Path: "$.x", Rule: "jwt", Fingerprint: "0badc0de"}, true},
		{Secret{Rule: "github-token", Fingerprint: "3e840b60"}, true},
		{Secret{Rule: "jwt", Fingerprint: "3e840b60"}, false},          // another rule's fingerprint
		{Secret{Rule: "github-token", Fingerprint: "3e840b61"}, false}, // another secret
		{Secret{Rule: "github-token", Fingerprint: "3E840B60"}, false}, // fingerprints are lowercase
	} {
		if got := read.Accepts(tc.s); got != tc.want {
			t.Errorf("Accepts(%+v) = %v, want %v", tc.s, got, tc.want)
		}
	}
	if got := read.Unused(); got != 2 { // github-token 00000001, sensitive-key
		t.Errorf("Unused() = %d, want 2", got)
	}
}

func TestBaselineEmpty(t *testing.T) {
	want := "{\n  \"version\": 1,\n  \"secrets\": []\n}\n"
	if got := string(NewBaseline().Marshal()); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	b, err := ParseBaseline([]byte(want))
	if err != nil || b.Len() != 0 {
		t.Errorf("ParseBaseline: %v, %d entries", err, b.Len())
	}
}

func TestParseBaselineErrors(t *testing.T) {
	for _, tc := range []struct{ name, data, want string }{
		{"not JSON", `secrets`, "not a zsj baseline"},
		{"array", `[]`, "not a zsj baseline"},
		{"unknown field", `{"version":1,"secrets":[],"allow":["x"]}`, "not a zsj baseline"},
		{"unknown entry field", `{"version":1,"secrets":[{"rule":"jwt","fingerprint":"0badc0de","secret":"x"}]}`, "not a zsj baseline"},
		{"two objects", `{"version":1,"secrets":[]}{}`, "something follows"},
		{"no version", `{"secrets":[]}`, "baseline version 0; this zsj reads version 1"},
		{"newer version", `{"version":2,"secrets":[]}`, "baseline version 2"},
		{"no rule", `{"version":1,"secrets":[{"fingerprint":"0badc0de"}]}`, `secret 1 has no "rule"`},
		{"short fingerprint", `{"version":1,"secrets":[{"rule":"jwt","fingerprint":"0bad"}]}`, `secret 1: "fingerprint" must be`},
		{"uppercase fingerprint", `{"version":1,"secrets":[{"rule":"jwt","fingerprint":"0BADC0DE"}]}`, `"fingerprint" must be`},
		{"a secret as fingerprint", `{"version":1,"secrets":[{"rule":"jwt","fingerprint":"0badc0de"},{"rule":"jwt","fingerprint":"ghp_FAKEsecretvalue"}]}`, `secret 2: "fingerprint" must be`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseBaseline([]byte(tc.data))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to say %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "FAKE") {
				t.Errorf("error quotes a value: %q", err)
			}
		})
	}
}

// A failed write leaves the old baseline as it was.
func TestBaselineWriteFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "missing-dir", "baseline.json")
	if err := NewBaseline().Write(path); err == nil {
		t.Fatal("wrote into a directory that does not exist")
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("file created")
	}
}
