package filters

import (
	"slices"
	"unsafe"
)

// record notes the key order of a map the expression built. Maps of one
// key or none need no record: their order is plain.
func (o *keyOrder) record(m map[string]any, keys []string) {
	if len(m) < 2 {
		return
	}
	start := int32(len(o.keys))
	o.keys = append(o.keys, keys...)
	o.objs = append(o.objs, objInfo{
		ptr: mapPtr(m), keyStart: start, keyEnd: int32(len(o.keys)),
		docIndex: int32(o.docs), sizeAtRead: int32(len(m)), built: true,
	})
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
// when there are too many, the older half is forgotten.
type keptObjects struct {
	infos []objInfo
	keys  []string
	index map[unsafe.Pointer]int32
}

// maxKept bounds the objects kept across inputs.
const maxKept = 1 << 14

// keep moves the objects of o into the kept ones.
func (k *keptObjects) keep(o *keyOrder) {
	for i := range o.objs {
		info := o.objs[i]
		info.raw = nil
		start := int32(len(k.keys))
		k.keys = append(k.keys, o.keys[info.keyStart:info.keyEnd]...)
		info.keyStart, info.keyEnd = start, int32(len(k.keys))
		k.add(info)
	}
	if len(k.infos) > maxKept {
		k.dropOlderHalf()
	}
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

// findLasting finds m among the objects kept across inputs and the pinned.
func (o *keyOrder) findLasting(m map[string]any) (*objInfo, bool) {
	if info, ok := o.kept.find(m); ok {
		return info, true
	}
	return o.pinned.find(m)
}

func (k *keptObjects) dropOlderHalf() {
	infos := slices.Clone(k.infos[len(k.infos)/2:])
	keys := make([]string, 0, len(k.keys)/2)
	clear(k.index)
	for i := range infos {
		info := &infos[i]
		start := int32(len(keys))
		keys = append(keys, k.keys[info.keyStart:info.keyEnd]...)
		info.keyStart, info.keyEnd = start, int32(len(keys))
		k.index[info.ptr] = int32(i)
	}
	k.infos, k.keys = infos, keys
}

func (k *keptObjects) find(m map[string]any) (*objInfo, bool) {
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
