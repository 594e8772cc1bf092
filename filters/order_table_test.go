package filters

import (
	"maps"
	"slices"
	"strconv"
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

// An object built key by key (a reduce setting .[$k]) is recorded at
// every step; the records share their keys and pass from each state to
// the next, so the table grows by a key per step and holds one map.
func TestObjectBuiltKeyByKey(t *testing.T) {
	o := &keyOrder{}
	f := newOrderFuncs(o, nil)
	state := map[string]any{}
	var want []string
	const n = 2000
	for i := range n {
		k := "k" + strconv.Itoa(n-i) // descending: sorted order would be wrong
		next := maps.Clone(state)
		next[k] = i
		f.afterSet(next, []any{state, []any{k}})
		state = next
		want = append(want, k)
	}
	if got := o.keysFor(state, nil); !slices.Equal(got, want) {
		t.Fatalf("order lost: first keys %v", got[:5])
	}
	if len(o.keys) > 2*n || len(o.objs) > 2 || o.held > 2*n {
		t.Errorf("table of %d keys, %d records, %d map entries held, for one object of %d keys",
			len(o.keys), len(o.objs), o.held, n)
	}
}
