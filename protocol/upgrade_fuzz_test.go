package protocol

import (
	"bytes"
	"path/filepath"
	"testing"
)

// FuzzUpgradeLine checks, for any line and both directions, that Line
// never panics, is idempotent, changes no byte but the version value and
// the sandbox key's name, and that a canonical line makes a round trip
// (v1 -> v2 -> v1, v2 -> v1 -> v2) back to itself, byte for byte.
func FuzzUpgradeLine(f *testing.F) {
	for _, pattern := range []string{"../testdata/v1/*.jsonl", "../testdata/v2/*.jsonl"} {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			for _, line := range bytes.Split(readFile(f, p), []byte("\n")) {
				f.Add(line)
			}
		}
	}
	for _, s := range []string{
		`{"schemaVersion":1.0,"viol\u0061tion":{"code":"a\/b"},"n":1e3}`,
		`{"schemaVersion":2,"bl\u006fck":{},"x":"\u0041"}`,
		` { "violation" : {} , "schemaVersion" : 1 } `,
		`{"schemaVersion":1,"violation":{},"block":{}}`,
		`{"schemaVersion":2,"args":{"violation":1},"s":"violation"}`,
		`[1]`, `{"schemaVersion":`, "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, to := range []int{1, 2} {
			checkUpgrade(t, line, to)
		}
	})
}

func checkUpgrade(t *testing.T, line []byte, to int) {
	orig := bytes.Clone(line)
	out, res := UpgradeLine(line, to, nil)
	if !bytes.Equal(line, orig) {
		t.Fatal("the input line was modified")
	}
	if res.Status != Changed {
		if len(out) != 0 {
			t.Fatalf("%v line, but %d bytes were appended", res.Status, len(out))
		}
		return
	}
	again, res2 := UpgradeLine(out, to, nil)
	if res2.Status != Unchanged {
		t.Fatalf("not idempotent: upgrading to %d again gives %v (%s)\n%s\n%s", to, res2.Status, res2.Message, out, again)
	}
	checkOnlyAllowedBytes(t, line, out, to)
	if canonical(line, 3-to) {
		back, _ := UpgradeLine(out, 3-to, nil)
		if !bytes.Equal(back, line) {
			t.Fatalf("round trip to %d and back changed the line:\n%s\n%s", to, line, back)
		}
	}
	// A sandbox key spelled with escapes is renamed to the plain name, and
	// nothing remembers the escapes: the round trip gives back the line
	// with that key written plainly, every other byte as it was.
	if plain, ok := plainSandboxKey(line, 3-to); ok && canonical(plain, 3-to) {
		back, _ := UpgradeLine(out, 3-to, nil)
		if !bytes.Equal(back, plain) {
			t.Fatalf("round trip to %d and back of an escaped key:\n%s\ngave %s\nwant  %s", to, line, back, plain)
		}
	}
}

// plainSandboxKey returns line with its version's sandbox key written
// without escapes, and whether it had such a key spelled with escapes.
func plainSandboxKey(line []byte, version int) ([]byte, bool) {
	members, err := ParseObject(line, nil)
	if err != nil {
		return nil, false
	}
	for _, m := range members {
		if m.KeyEscaped && string(m.KeyText()) == sandboxKeys[version] {
			start := m.KeyOffset + 1
			plain := append(bytes.Clone(line[:start]), sandboxKeys[version]...)
			return append(plain, line[start+len(m.Key):]...), true
		}
	}
	return nil, false
}

// canonical reports whether a round trip must give line back: its version
// is spelled as a digit with at most zeros after it (1, 1.0, 1e0), its sandbox key (the one of its own version, if
// any) without escapes, and it has no key of the other version.
func canonical(line []byte, version int) bool {
	members, err := ParseObject(line, nil)
	if err != nil {
		return false
	}
	for _, m := range members {
		switch string(m.KeyText()) {
		case "schemaVersion":
			if m.Value.Raw[0] != byte('0'+version) || !keepsSpelling(m.Value.Raw) {
				return false
			}
		case sandboxKeys[version]:
			if m.KeyEscaped {
				return false
			}
		case sandboxKeys[3-version]:
			return false
		}
	}
	return true
}

// checkOnlyAllowedBytes compares the two lines piece by piece: every byte
// between and around the keys and values must be the same, every key the
// same except a renamed sandbox key, every value the same except
// schemaVersion's.
func checkOnlyAllowedBytes(t *testing.T, in, out []byte, to int) {
	t.Helper()
	mi, err := ParseObject(in, nil)
	if err != nil {
		t.Fatalf("a changed line did not parse: %v", err)
	}
	mo, err := ParseObject(out, nil)
	if err != nil {
		t.Fatalf("the upgraded line does not parse: %v\n%s", err, out)
	}
	if len(mi) != len(mo) {
		t.Fatalf("%d members became %d", len(mi), len(mo))
	}
	pi, po := 0, 0 // ends of the previous value
	for k := range mi {
		a, b := mi[k], mo[k]
		if !bytes.Equal(in[pi:a.KeyOffset], out[po:b.KeyOffset]) {
			t.Fatalf("member %d: the bytes before the key changed", k)
		}
		keyEndIn, keyEndOut := a.KeyOffset+len(a.Key)+2, b.KeyOffset+len(b.Key)+2
		if !bytes.Equal(in[keyEndIn:a.ValueStart], out[keyEndOut:b.ValueStart]) {
			t.Fatalf("member %d: the bytes between key and value changed", k)
		}
		name := string(a.KeyText())
		switch {
		case name == sandboxKeys[3-to]:
			if string(b.Key) != sandboxKeys[to] {
				t.Fatalf("key %q became %q, want %q", a.Key, b.Key, sandboxKeys[to])
			}
		case !bytes.Equal(a.Key, b.Key):
			t.Fatalf("key %q became %q", a.Key, b.Key)
		}
		switch {
		case name == "schemaVersion":
			want := a.Value.Raw // already the target: kept as spelled
			if f, _ := numberValue(a.Value.Raw); f != float64(to) {
				want = []byte{byte('0' + to)}
				if keepsSpelling(a.Value.Raw) {
					// 1.0 becomes 2.0: only the leading digit changes.
					want = append(want, a.Value.Raw[1:]...)
				}
			}
			if !bytes.Equal(b.Value.Raw, want) {
				t.Fatalf("schemaVersion %s became %s", a.Value.Raw, b.Value.Raw)
			}
		case !bytes.Equal(a.Value.Raw, b.Value.Raw):
			t.Fatalf("the value of %q changed", a.Key)
		}
		pi, po = a.ValueStart+len(a.Value.Raw), b.ValueStart+len(b.Value.Raw)
	}
	if !bytes.Equal(in[pi:], out[po:]) {
		t.Fatal("the bytes after the last value changed")
	}
}
