package filters

import (
	"reflect"
	"slices"
	"strings"
	"unsafe"
)

// keyOrder remembers what gojq forgets about objects: the order of each
// object's keys and, for objects read from the input, their bytes.
//
// gojq keeps objects in Go maps, which have no order. The decoder records,
// for every object it builds, its keys in input order and its raw bytes;
// the functions that build objects for an expression (see
// order_rewrite.go) record the keys in the order jq would have them. The
// encoder then writes an object that came from the input unchanged (found
// by map identity) from those bytes, and any other recorded object in its
// recorded order. An object nothing recorded (one gojq built inside a
// builtin zsj does not cover) is ordered by rank: keys of the top-level
// event first, in the event's order, then keys of nested objects by first
// appearance; keys the input never had come last, sorted.
//
// A record holds the map's pointer, which keeps the map alive: its address
// cannot be reused for another map while the record exists.
type keyOrder struct {
	objs []objInfo
	keys []string // the keys of each object, contiguous, in input order
	docs int      // documents recorded since the last reset

	rank   map[string]int
	ranked int // objs folded into rank so far

	byPtr   map[unsafe.Pointer]int32
	indexed int // objs entered into byPtr so far

	held int // entries of the maps recorded as built: what the records keep alive

	// cumulative keeps ranks across resets (-n with inputs), and the key
	// order of the objects of earlier inputs, read or built (see kept):
	// [inputs] or a reduce over inputs holds them.
	cumulative bool
	kept       keptObjects
	// pinned are objects every event sees, like $ARGS and $ENV: recorded
	// once, never forgotten.
	pinned keptObjects
}

// objInfo is one decoded object.
type objInfo struct {
	ptr        unsafe.Pointer // the map's identity
	keyStart   int32          // its keys are keys[keyStart:keyEnd]
	keyEnd     int32
	raw        []byte // its bytes in the input; nil when they must not be reused
	docIndex   int32
	sizeAtRead int32        // len(map) when decoded; a duplicate key makes it differ from the key count
	store      *keptObjects // the keptObjects holding it and its keys; nil when in objs
	top        bool         // the top-level value of its document
	built      bool         // built by the expression, not read from the input
}

// linearLimit is how many objects are searched one by one before a map
// index pays off; a typical event has one to four.
const linearLimit = 16

func mapPtr(m map[string]any) unsafe.Pointer { return reflect.ValueOf(m).UnsafePointer() }

// reset forgets the recorded objects, before the next event.
func (o *keyOrder) reset() {
	if o.cumulative {
		o.foldAll()
		o.kept.keep(o)
	} else if o.rank != nil {
		clear(o.rank)
	}
	o.objs = o.objs[:0]
	o.keys = o.keys[:0]
	o.ranked, o.indexed, o.docs, o.held = 0, 0, 0, 0
	if o.byPtr != nil {
		clear(o.byPtr)
	}
}

// endDoc marks the end of one document (one line).
func (o *keyOrder) endDoc() { o.docs++ }

// find returns the recorded object that is m, if any.
func (o *keyOrder) find(m map[string]any) (*objInfo, bool) {
	if len(o.objs) == 0 {
		return o.findLasting(m)
	}
	p := mapPtr(m)
	if last := &o.objs[len(o.objs)-1]; last.ptr == p { // most often: the event itself
		return last, true
	}
	if len(o.objs) <= linearLimit {
		for i := range o.objs {
			if o.objs[i].ptr == p {
				return &o.objs[i], true
			}
		}
		return o.findLasting(m)
	}
	if o.byPtr == nil {
		o.byPtr = make(map[unsafe.Pointer]int32, len(o.objs))
	}
	for ; o.indexed < len(o.objs); o.indexed++ {
		o.byPtr[o.objs[o.indexed].ptr] = int32(o.indexed)
	}
	if i, ok := o.byPtr[p]; ok {
		return &o.objs[i], true
	}
	return o.findLasting(m)
}

// keysOf returns the recorded keys of an object in input order, or nil
// when they do not describe the map (a duplicate key was read).
func (o *keyOrder) keysOf(info *objInfo) []string {
	if info.store != nil {
		return info.store.keysOf(info)
	}
	keys := o.keys[info.keyStart:info.keyEnd]
	if int(info.sizeAtRead) != len(keys) {
		return nil
	}
	return keys
}

// foldAll enters the keys of every recorded object into rank: per
// document, the top-level object's keys first, then nested objects'.
func (o *keyOrder) foldAll() {
	if o.ranked == len(o.objs) {
		return
	}
	if o.rank == nil {
		o.rank = make(map[string]int, 32)
	}
	for i := o.ranked; i < len(o.objs); {
		j := i
		for j < len(o.objs) && o.objs[j].docIndex == o.objs[i].docIndex {
			j++
		}
		for k := i; k < j; k++ {
			if o.objs[k].top {
				o.foldObj(&o.objs[k])
			}
		}
		for k := i; k < j; k++ {
			if !o.objs[k].top && !o.objs[k].built { // built keys may be any data
				o.foldObj(&o.objs[k])
			}
		}
		i = j
	}
	o.ranked = len(o.objs)
}

// maxRanked bounds the rank table when it lives across inputs: free-form
// tool arguments could otherwise grow it without end.
const maxRanked = 1 << 16

func (o *keyOrder) foldObj(info *objInfo) {
	for _, k := range o.keys[info.keyStart:info.keyEnd] {
		if _, ok := o.rank[k]; !ok && len(o.rank) < maxRanked {
			o.rank[k] = len(o.rank)
		}
	}
}

// maxMatched is how many recorded objects sortKeys compares a built
// object with; beyond it (long -s runs) only ranks are used.
const maxMatched = 64

// sortKeys puts keys (the keys of a map that did not come from the input
// unchanged) in output order. gojq builds a new map whenever an object
// changes, so the input object sharing the most keys with it is most
// likely the one it was made from: its key order comes first; then other
// keys by rank; then keys the input never had, sorted.
func (o *keyOrder) sortKeys(keys []string) {
	o.foldAll()
	var model []string
	if best := o.closest(keys); best != nil {
		model = o.keys[best.keyStart:best.keyEnd]
	}
	pos := func(k string) int { return slices.Index(model, k) }
	if len(model) > linearLimit { // a large object: look positions up
		at := make(map[string]int, len(model))
		for i, k := range slices.Backward(model) {
			at[k] = i
		}
		pos = func(k string) int {
			if i, ok := at[k]; ok {
				return i
			}
			return -1
		}
	}
	slices.SortFunc(keys, func(a, b string) int {
		pa, pb := pos(a), pos(b)
		switch {
		case pa >= 0 && pb >= 0:
			return pa - pb
		case pa >= 0:
			return -1
		case pb >= 0:
			return 1
		}
		ra, aok := o.rank[a]
		rb, bok := o.rank[b]
		switch {
		case aok && bok:
			return ra - rb
		case aok:
			return -1
		case bok:
			return 1
		}
		return strings.Compare(a, b)
	})
}

// closest returns the recorded object that has the most of keys (of two
// as good, the one with fewer other keys), or nil.
func (o *keyOrder) closest(keys []string) *objInfo {
	if len(o.objs) > maxMatched {
		return nil
	}
	var best *objInfo
	bestShared, bestSize := 0, 0
	for i := range o.objs {
		info := &o.objs[i]
		own := o.keys[info.keyStart:info.keyEnd]
		shared := 0
		for _, k := range keys {
			if slices.Contains(own, k) {
				shared++
			}
		}
		if shared > bestShared || shared == bestShared && shared > 0 && len(own) < bestSize {
			best, bestShared, bestSize = info, shared, len(own)
		}
	}
	return best
}
