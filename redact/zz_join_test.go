package redact

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"testing"
	"time"
)

func TestZZJoin(t *testing.T) {
	f, err := os.Open("/tmp/real-deltas.jsonl")
	if err != nil {
		t.Skip()
	}
	defer f.Close()
	rs, _ := Compile(Config{})
	x := rs.NewRedactor()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var prev []byte
	var prevRun []byte
	joins, withHits, gated, found := 0, 0, 0, 0
	var tAll, tHits time.Duration
	for sc.Scan() {
		d, ok := DeltaOf(sc.Bytes())
		if !ok {
			continue
		}
		text := bytes.Clone(d.Text)
		if prev != nil && bytes.Equal(prevRun, d.RunID) {
			joins++
			t0 := time.Now()
			_, ok := x.Join(prev, prev, text, text)
			dt := time.Since(t0)
			tAll += dt
			if ok {
				found++
			}
			if len(x.hits) > 0 || true {
				j := append(append([]byte(nil), tail(prev)...), head(text)...)
				h := rs.pf.scan(j, nil)
				if len(h) > 0 {
					withHits++
					tHits += dt
					if bytes.IndexByte(j, '\\') >= 0 || x.mayMatch(j, h) {
						gated++
					}
				}
			}
		}
		prev, prevRun = text, bytes.Clone(d.RunID)
	}
	fmt.Println("joins", joins, "withHits", withHits, "pass gate", gated, "found", found, "time all", tAll, "time hit joins", tHits)
}
