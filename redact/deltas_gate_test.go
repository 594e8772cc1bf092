package redact

import (
	"reflect"
	"testing"
)

// TestJoinGate: Join passes over most joins on the rules' quick checks
// (gateJoins); what it reports must be what running the rules on every
// join reports. Every true and false sample of the pinned catalogue is
// split into two deltas at several places, with prose around it, and
// joined both ways; so are prose joins that hold keywords and no secret.
func TestJoinGate(t *testing.T) {
	rs, err := Compile(Config{})
	if err != nil {
		t.Fatal(err)
	}
	x := rs.NewRedactor()
	join := func(gated bool, prev, next []byte) (Straddle, bool) {
		old := gateJoins
		gateJoins = gated
		defer func() { gateJoins = old }()
		prevRed, _ := x.RedactText(prev)
		prevRed = append([]byte(nil), prevRed...)
		nextRed, _ := x.RedactText(next)
		nextRed = append([]byte(nil), nextRed...)
		st, ok := x.Join(prev, prevRed, next, nextRed)
		st.Matches = append([]Match(nil), st.Matches...)
		return st, ok
	}
	var texts []string
	for _, r := range loadRecallSamples(t).Rules {
		for _, smp := range append(r.True, r.False...) {
			texts = append(texts, "the value is "+smp.Sample+" in the file")
		}
	}
	texts = append(texts,
		"the access key of a map", "it's. the end", "sk is short for", "a token, then keyboard", "password: hunter2 wait",
	)
	joins, found, gatedOut := 0, 0, 0
	for _, text := range texts {
		for _, frac := range []int{2, 3} {
			// Cut inside the sample, at a half and at a third of it.
			at := len("the value is ") + (len(text)-len("the value is ")-len(" in the file"))/frac
			if at <= 0 || at >= len(text) {
				continue
			}
			prev, next := []byte(text[:at]), []byte(text[at:])
			want, wantOK := join(false, prev, next)
			got, gotOK := join(true, prev, next)
			joins++
			if wantOK {
				found++
			}
			x.hits = rs.pf.scan(append(append([]byte(nil), tail(prev)...), head(next)...), x.hits[:0])
			if len(x.hits) > 0 && !gotOK {
				gatedOut++
			}
			if gotOK != wantOK || !reflect.DeepEqual(got, want) {
				t.Fatalf("%q | %q: gated %v %+v, every join %v %+v", prev, next, gotOK, got, wantOK, want)
			}
		}
	}
	t.Logf("%d joins: %d with a secret across, the same gated; %d with keywords passed over", joins, found, gatedOut)
	if found == 0 || gatedOut == 0 {
		t.Fatal("the samples exercise neither side of the gate")
	}
}
