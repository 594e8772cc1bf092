package filters

import (
	"slices"
	"testing"
)

// In -n runs the records of earlier inputs are kept, the newest, within
// bounds: a map recorded many inputs ago is forgotten, the latest ones
// keep their order, and nothing keeps more than maxKept records.
func TestKeptAcrossInputs(t *testing.T) {
	o := &keyOrder{cumulative: true}
	var maps []map[string]any
	for i := range 2*maxKept + 10 {
		m := map[string]any{"b": i, "a": i}
		o.record(m, []string{"b", "a"})
		maps = append(maps, m)
		o.reset()
		if o.kept.pendingCount > maxKept {
			t.Fatalf("input %d: %d records pending", i, o.kept.pendingCount)
		}
	}
	if _, ok := o.find(maps[0]); ok {
		t.Error("the first input's map is still recorded")
	}
	last := maps[len(maps)-1]
	if got := o.keysFor(last, nil); !slices.Equal(got, []string{"b", "a"}) {
		t.Errorf("the last input's map: keys %v", got)
	}
	if len(o.kept.infos) > maxKept {
		t.Errorf("%d records indexed", len(o.kept.infos))
	}
	// Bytes bound them too: records of large inputs are fewer.
	o = &keyOrder{cumulative: true}
	raw := make([]byte, maxKeptSize/4)
	for range 10 {
		m := map[string]any{"b": 1, "a": 2}
		o.record(m, []string{"b", "a"})
		o.objs[len(o.objs)-1].top, o.objs[len(o.objs)-1].raw = true, raw
		o.reset()
		if o.kept.pendingSize > maxKeptSize {
			t.Fatalf("%d bytes pending", o.kept.pendingSize)
		}
	}
}
