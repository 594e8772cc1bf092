package atomicfile

import (
	"strings"
	"testing"
)

// parseTempName decides which files RemoveStale may delete: it must take
// back exactly the names tempName gives, and never a name that does not
// start with a dot or lacks the mark.
func FuzzParseTempName(f *testing.F) {
	f.Add("log.jsonl", "build-7", 4242, uint32(0xbeef), ".log.jsonl.zsj-0badf00d-4242-beef.tmp")
	f.Add("a.zsj-1-2-3.tmp", "", 7, uint32(1), "log.jsonl.tmp123")
	f.Fuzz(func(t *testing.T, base, host string, pid int, random uint32, other string) {
		if pid > 0 && base != "" && !strings.ContainsAny(base, "/\x00") {
			want := owner{hostTag(host), pid}
			got, ok := parseTempName(tempName(base, want, random))
			if !ok || got != want {
				t.Fatalf("parseTempName(tempName(%q, %+v, %x)) = %+v, %v", base, want, random, got, ok)
			}
		}
		if o, ok := parseTempName(other); ok {
			if !strings.HasPrefix(other, ".") || !strings.HasSuffix(other, tempSuffix) || !strings.Contains(other, tempMark) || o.pid <= 0 || len(o.host) != 8 {
				t.Fatalf("parseTempName(%q) took a name Write never gives (%+v)", other, o)
			}
		}
	})
}
