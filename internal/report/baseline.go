package report

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/zsj-dev/zsj/internal/atomicfile"
)

// BaselineVersion is the version of the baseline format this zsj reads
// and writes. A change to what a fingerprint is computed from, or how
// entries match, makes a new version: old baselines are then refused
// with a message instead of silently matching nothing.
const BaselineVersion = 1

// A Baseline is the secrets a user has accepted (known test keys in
// fixtures, say): --check does not report them. Logs cannot hold an
// "allow" comment next to a secret, so the acceptance lives in a file.
//
// An entry matches a secret by rule id and fingerprint alone. Logs are
// moved, renamed and regenerated, and line numbers shift with every
// change, so the place a secret was first seen is written down for the
// reader of the file but not compared: the same test key accepted once is
// accepted wherever it turns up. The fingerprint is 32 bits of SHA-256,
// so a different secret of the same rule is taken for an accepted one
// with odds of about n in 4.3 billion for n entries; a longer fingerprint
// would also confirm guesses of a weak password faster to anyone who reads
// the baseline.
//
// The file, version 1:
//
//	{
//	  "version": 1,
//	  "secrets": [
//	    {"rule": "github-pat", "fingerprint": "3e840b60", "file": "testdata/run.jsonl", "path": "$.output"}
//	  ]
//	}
//
// Entries are sorted by rule, then fingerprint, one per pair; "file" and
// "path" say where the secret was first found and may be left out.
type Baseline struct {
	entries map[baselineKey]*baselineEntry
}

type baselineKey struct{ rule, fingerprint string }

type baselineEntry struct {
	BaselineSecret
	used bool
}

// BaselineSecret is one entry of a baseline file.
type BaselineSecret struct {
	Rule        string `json:"rule"`
	Fingerprint string `json:"fingerprint"`
	File        string `json:"file,omitempty"`
	Path        string `json:"path,omitempty"`
}

type baselineFile struct {
	Version int              `json:"version"`
	Secrets []BaselineSecret `json:"secrets"`
}

// NewBaseline returns an empty baseline, to fill with Add.
func NewBaseline() *Baseline { return &Baseline{entries: map[baselineKey]*baselineEntry{}} }

// ReadBaseline reads a baseline file.
func ReadBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, err := ParseBaseline(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// ParseBaseline reads a baseline from the bytes of its file. Errors name
// fields and entry numbers, never values (a rule id is not a secret, but a
// mistyped file might hold anything).
func ParseBaseline(data []byte) (*Baseline, error) {
	var f baselineFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, errors.New("not a zsj baseline: it must be a JSON object with \"version\" and \"secrets\"")
	}
	if dec.Decode(&struct{}{}) != io.EOF {
		return nil, errors.New("not a zsj baseline: something follows its JSON object")
	}
	if f.Version != BaselineVersion {
		return nil, fmt.Errorf("baseline version %d; this zsj reads version %d (write it again with --write-baseline)", f.Version, BaselineVersion)
	}
	b := NewBaseline()
	for i, s := range f.Secrets {
		switch {
		case s.Rule == "":
			return nil, fmt.Errorf("secret %d has no \"rule\"", i+1)
		case !isFingerprint(s.Fingerprint):
			return nil, fmt.Errorf("secret %d: \"fingerprint\" must be 8 to 64 lowercase hex digits", i+1)
		}
		b.add(s)
	}
	return b, nil
}

func isFingerprint(s string) bool {
	if len(s) < 8 || len(s) > 64 {
		return false
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Add records a secret found; the first place it is found is the one
// kept.
func (b *Baseline) Add(s Secret) {
	b.add(BaselineSecret{Rule: s.Rule, Fingerprint: s.Fingerprint, File: s.File, Path: s.Path})
}

func (b *Baseline) add(s BaselineSecret) {
	k := baselineKey{s.Rule, s.Fingerprint}
	if _, ok := b.entries[k]; !ok {
		b.entries[k] = &baselineEntry{BaselineSecret: s}
	}
}

// Accepts reports whether s is in the baseline, and notes that its entry
// was used.
func (b *Baseline) Accepts(s Secret) bool {
	e, ok := b.entries[baselineKey{s.Rule, s.Fingerprint}]
	if ok {
		e.used = true
	}
	return ok
}

// Len is how many entries the baseline has.
func (b *Baseline) Len() int { return len(b.entries) }

// Unused counts the entries no secret matched so far: once every input
// is read, secrets that are gone from the logs.
func (b *Baseline) Unused() int {
	n := 0
	for _, e := range b.entries {
		if !e.used {
			n++
		}
	}
	return n
}

// Secrets lists the entries sorted by rule, then fingerprint.
func (b *Baseline) Secrets() []BaselineSecret {
	out := make([]BaselineSecret, 0, len(b.entries))
	for _, e := range b.entries {
		out = append(out, e.BaselineSecret)
	}
	slices.SortFunc(out, func(x, y BaselineSecret) int {
		return cmp.Or(cmp.Compare(x.Rule, y.Rule), cmp.Compare(x.Fingerprint, y.Fingerprint))
	})
	return out
}

// Marshal writes the baseline file's bytes: stable for the same entries,
// one entry a line so that a change to it reads well in a diff.
func (b *Baseline) Marshal() []byte {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "{\n  \"version\": %d,\n  \"secrets\": [", BaselineVersion)
	for i, s := range b.Secrets() {
		line, _ := json.Marshal(s) // strings only: cannot fail
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    ")
		buf.Write(line)
	}
	if b.Len() > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("]\n}\n")
	return buf.Bytes()
}

// Write creates or replaces the baseline file at path, atomically.
func (b *Baseline) Write(path string) error {
	return atomicfile.Write(path, atomicfile.Options{}, func(w io.Writer) error {
		_, err := w.Write(b.Marshal())
		return err
	})
}
