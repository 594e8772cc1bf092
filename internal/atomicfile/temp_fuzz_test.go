package atomicfile

import (
	"strings"
	"testing"
)

// parseTempName decides which files RemoveStale may delete: it must take
// back exactly the names tempName gives, and never a name that does not
// start with a dot or lacks the mark.
func FuzzParseTempName(f *testing.F) {
	f.Add("log.jsonl", 4242, uint32(0xbeef), ".log.jsonl.zsj-4242-beef.tmp")
	f.Add("a.zsj-1-2.tmp", 7, uint32(1), "log.jsonl.tmp123")
	f.Fuzz(func(t *testing.T, base string, pid int, random uint32, other string) {
		if pid > 0 && base != "" && !strings.ContainsAny(base, "/\x00") {
			got, ok := parseTempName(tempName(base, pid, random))
			if !ok || got != pid {
				t.Fatalf("parseTempName(tempName(%q, %d, %x)) = %d, %v", base, pid, random, got, ok)
			}
		}
		if pid, ok := parseTempName(other); ok {
			if !strings.HasPrefix(other, ".") || !strings.HasSuffix(other, tempSuffix) || !strings.Contains(other, tempMark) || pid <= 0 {
				t.Fatalf("parseTempName(%q) took a name Write never gives (pid %d)", other, pid)
			}
		}
	})
}
