package filters

import (
	"slices"
	"unsafe"
)

// maxTableKeys and maxTableObjs bound the table of one event: an
// expression that builds a large object key by key records it at every
// step. Beyond them objects are no longer recorded, and ranked instead.
const (
	maxTableKeys = 1 << 22
	maxTableObjs = 1 << 20
)

func (o *keyOrder) full(keys int) bool {
	return len(o.keys)+keys > maxTableKeys || o.held+keys > maxTableKeys || len(o.objs) >= maxTableObjs
}

// record notes the key order of a map the expression built. Maps of one
// key or none need no record: their order is plain.
func (o *keyOrder) record(m map[string]any, keys []string) {
	if len(m) < 2 || o.full(len(keys)) {
		return
	}
	start := int32(len(o.keys))
	o.keys = append(o.keys, keys...)
	o.objs = append(o.objs, objInfo{
		ptr: mapPtr(m), keyStart: start, keyEnd: int32(len(o.keys)),
		docIndex: int32(o.docs), sizeAtRead: int32(len(m)), built: true,
	})
	o.held += len(m)
}

// extend records m, made of base's object (whose n keys it has, in
// their order) and the keys extra after them. When there are none, or
// base's keys are the last the table holds, m shares them: building an object key by key
// then costs one key per step, not the whole object. A base the
// expression built gives its record up to m: in a reduce it is the state
// of the step before, garbage now, and the record would keep it alive
// (if it is still used, it is ordered like m, which shares most of its
// keys). It reports false when m must be recorded in full.
func (o *keyOrder) extend(m map[string]any, base *objInfo, n int, extra []string) bool {
	if len(m) < 2 {
		return true
	}
	if base.store != nil || int(base.keyEnd-base.keyStart) != n || len(extra) > 0 && int(base.keyEnd) != len(o.keys) {
		return false
	}
	if o.full(len(extra)) {
		return true
	}
	o.keys = append(o.keys, extra...)
	if base.built {
		i := int32((uintptr(unsafe.Pointer(base)) - uintptr(unsafe.Pointer(&o.objs[0]))) / unsafe.Sizeof(*base))
		if o.byPtr != nil && int(i) < o.indexed {
			delete(o.byPtr, base.ptr)
			o.byPtr[mapPtr(m)] = i
		}
		o.held += len(m) - int(base.sizeAtRead)
		base.ptr, base.keyEnd, base.sizeAtRead = mapPtr(m), int32(len(o.keys)), int32(len(m))
		return true
	}
	o.objs = append(o.objs, objInfo{
		ptr: mapPtr(m), keyStart: base.keyStart, keyEnd: int32(len(o.keys)),
		docIndex: int32(o.docs), sizeAtRead: int32(len(m)), built: true,
	})
	o.held += len(m)
	return true
}

// complete returns the record of m and its keys when the record holds
// all of m's keys; ok is false when m has no record or only part of one.
func (o *keyOrder) complete(m map[string]any) (info *objInfo, keys []string, ok bool) {
	info, ok = o.find(m)
	if !ok {
		return nil, nil, false
	}
	keys = o.keysOf(info)
	if keys == nil || len(keys) != len(m) {
		return nil, nil, false
	}
	return info, keys, true
}

// keysFor returns the keys of m in output order: the recorded order when
// there is one, else the order rank gives (see sortKeys). The result may
// be the table's own slice: callers must not change it. buf is scratch
// for keys that have to be gathered.
func (o *keyOrder) keysFor(m map[string]any, buf []string) []string {
	if info, ok := o.find(m); ok {
		if keys := o.keysOf(info); keys != nil && len(keys) == len(m) {
			return keys
		}
		if keys := o.firstOccurrences(info, m, buf); keys != nil {
			return keys
		}
	}
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	o.sortKeys(keys)
	return keys
}

// firstOccurrences is the key order of an object read with a duplicate
// key: jq keeps the place of the first and the value of the last.
func (o *keyOrder) firstOccurrences(info *objInfo, m map[string]any, buf []string) []string {
	var all []string
	if info.store != nil {
		all = info.store.keysOf(info)
	} else {
		all = o.keys[info.keyStart:info.keyEnd]
	}
	keys := buf[:0]
	for _, k := range all {
		if _, ok := m[k]; ok && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	if len(keys) != len(m) {
		return nil
	}
	return keys
}

// keptObjects are the objects of earlier inputs, kept across the inputs
// of one run (-n with input and inputs), where [inputs] or a reduce may
// carry them from one input to the next. Their keys are kept, not their
// bytes: the buffer of an earlier line is reused. The newest are kept:
// when there are too many, the older ones are forgotten.
type keptObjects struct {
	infos []objInfo
	keys  []string
	index map[unsafe.Pointer]int32
	// pending are the records of the latest inputs as they were made, not
	// yet in the index: most runs never look for them, and then they cost
	// no more than keeping them.
	pending      []generation
	pendingCount int
	pendingSize  int
	size         int          // bytes of the inputs the indexed records were read from
	spare        []generation // storage of forgotten generations, for the next
}

// generation is the records of one input.
type generation struct {
	objs []objInfo
	keys []string
	size int // bytes of the input it was read from
}

// maxKept and maxKeptSize bound the objects kept across inputs, and the
// size of the inputs they were read from: what they keep alive.
const (
	maxKept     = 1 << 14
	maxKeptSize = 8 << 20
)

// keep takes over the records of o, which starts on new storage.
func (k *keptObjects) keep(o *keyOrder) {
	if len(o.objs) == 0 {
		return
	}
	size := 0
	for i := range o.objs {
		if o.objs[i].top {
			size += len(o.objs[i].raw)
		}
		o.objs[i].raw = nil
	}
	k.pending = append(k.pending, generation{o.objs, o.keys, size})
	k.pendingCount += len(o.objs)
	k.pendingSize += size
	for (k.pendingCount > maxKept || k.pendingSize > maxKeptSize) && len(k.pending) > 1 {
		old := k.pending[0]
		k.pendingCount -= len(old.objs)
		k.pendingSize -= old.size
		k.pending[0] = generation{}
		k.pending = k.pending[1:]
		clear(old.objs) // let the maps go
		clear(old.keys)
		k.spare = append(k.spare, generation{objs: old.objs[:0], keys: old.keys[:0]})
	}
	if n := len(k.spare); n > 0 {
		o.objs, o.keys = k.spare[n-1].objs, k.spare[n-1].keys
		k.spare = k.spare[:n-1]
	} else {
		o.objs = make([]objInfo, 0, len(o.objs))
		o.keys = make([]string, 0, len(o.keys))
	}
}

// fold enters the pending records into the index. When the index and
// they would hold too much, the index starts over with them.
func (k *keptObjects) fold() {
	if len(k.infos)+k.pendingCount > maxKept || k.size+k.pendingSize > maxKeptSize {
		clear(k.infos)
		clear(k.keys)
		clear(k.index)
		k.infos, k.keys, k.size = k.infos[:0], k.keys[:0], 0
	}
	k.size += k.pendingSize
	for _, g := range k.pending {
		for _, info := range g.objs {
			start := int32(len(k.keys))
			k.keys = append(k.keys, g.keys[info.keyStart:info.keyEnd]...)
			info.keyStart, info.keyEnd = start, int32(len(k.keys))
			k.add(info)
		}
	}
	clear(k.pending)
	k.pending, k.pendingCount, k.pendingSize = k.pending[:0], 0, 0
}

// add enters info, whose keys are in k.keys already.
func (k *keptObjects) add(info objInfo) {
	info.store = k
	if k.index == nil {
		k.index = make(map[unsafe.Pointer]int32)
	}
	k.index[info.ptr] = int32(len(k.infos))
	k.infos = append(k.infos, info)
}

// pin records the key order of m for good.
func (o *keyOrder) pin(m map[string]any, keys []string) {
	if len(m) < 2 {
		return
	}
	p := &o.pinned
	start := int32(len(p.keys))
	p.keys = append(p.keys, keys...)
	p.add(objInfo{ptr: mapPtr(m), keyStart: start, keyEnd: int32(len(p.keys)), sizeAtRead: int32(len(m)), built: true})
}

// findLasting finds m among the objects kept across inputs and the
// pinned. Their records hold no bytes, so one of fewer than two keys
// has nothing to tell.
func (o *keyOrder) findLasting(m map[string]any) (*objInfo, bool) {
	if len(m) < 2 {
		return nil, false
	}
	if info, ok := o.kept.find(m); ok {
		return info, true
	}
	return o.pinned.find(m)
}

func (k *keptObjects) find(m map[string]any) (*objInfo, bool) {
	if len(k.pending) > 0 {
		k.fold()
	}
	if len(k.infos) == 0 {
		return nil, false
	}
	if i, ok := k.index[mapPtr(m)]; ok {
		return &k.infos[i], true
	}
	return nil, false
}

func (k *keptObjects) keysOf(info *objInfo) []string {
	return k.keys[info.keyStart:info.keyEnd]
}
