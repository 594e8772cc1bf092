package filters

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/itchyny/gojq"
)

// orderFuncs are the Go functions behind the key order rewrite (see
// withKeyOrder and orderPrelude), bound to one worker's key order table.
type orderFuncs struct {
	o    *keyOrder
	json *encoder // compact, never from input bytes: tojson and tostring
	keys []string // scratch
	one  [1]string

	environ func() []string // what $ENV holds; nil: nothing
	env     map[string]any  // $ENV, once made
}

func newOrderFuncs(o *keyOrder, environ func() []string) *orderFuncs {
	enc := newEncoder(Layout{}, o)
	enc.fresh = true
	return &orderFuncs{o: o, json: enc, environ: environ}
}

func (f *orderFuncs) options() []gojq.CompilerOption {
	return []gojq.CompilerOption{
		gojq.WithFunction("_zsj_obj", 2, maxObjectArgs, f.object),
		gojq.WithFunction("_zsj_objv", 0, 0, f.objectOfArray),
		gojq.WithFunction("_zsj_add", 2, 2, func(_ any, a []any) any { return f.add(a[0], a[1]) }),
		gojq.WithFunction("_zsj_mul", 2, 2, func(_ any, a []any) any { return f.mul(a[0], a[1]) }),
		gojq.WithFunction("_zsj_keys", 0, 0, f.keysOf),
		gojq.WithFunction("_zsj_values", 0, 0, f.values),
		gojq.WithFunction("_zsj_after_set", 2, 2, f.afterSet),
		gojq.WithFunction("_zsj_after_del", 1, 1, f.afterDelete),
		gojq.WithFunction("_zsj_after_add", 1, 1, f.afterAdd),
		gojq.WithFunction("_zsj_after_entries", 1, 1, f.afterEntries),
		gojq.WithFunction("_zsj_captures", 1, 1, f.captures),
		gojq.WithFunction("_zsj_after_json", 1, 1, f.afterJSON),
		gojq.WithFunction("_zsj_env", 0, 0, f.environment),
		gojq.WithFunction("_zsj_match_order", 0, 0, f.matchOrder),
		gojq.WithFunction("_zsj_tojson", 0, 0, func(v any, _ []any) any { return f.toJSON(v) }),
		gojq.WithFunction("_zsj_tostring", 0, 0, func(v any, _ []any) any {
			if s, ok := v.(string); ok {
				return s
			}
			return f.toJSON(v)
		}),
	}
}

// object is _zsj_obj(vn; kn; ...; v1; k1): the object {k1: v1, ..., kn: vn}.
func (f *orderFuncs) object(_ any, args []any) any {
	n := len(args) / 2
	m := make(map[string]any, n)
	keys := f.keys[:0]
	for i := len(args) - 1; i > 0; i -= 2 {
		k, ok := args[i].(string)
		if !ok {
			return objectKeyError(args[i])
		}
		if _, dup := m[k]; !dup {
			keys = append(keys, k)
		}
		m[k] = args[i-1]
	}
	f.o.record(m, keys)
	f.keys = keys[:0]
	return m
}

// objectOfArray is _zsj_objv: the object of [k1, v1, ..., kn, vn].
func (f *orderFuncs) objectOfArray(v any, _ []any) any {
	kv := v.([]any)
	args := make([]any, len(kv))
	for i := range kv {
		args[len(kv)-1-i] = kv[i]
	}
	return f.object(nil, args)
}

func objectKeyError(k any) error {
	return fmt.Errorf("expected a string for object key but got: %s (%s)", gojq.TypeOf(k), gojq.Preview(k))
}

// keysOf is _zsj_keys: an object's keys in order.
func (f *orderFuncs) keysOf(v any, _ []any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("%s (%s) has no keys", gojq.TypeOf(v), gojq.Preview(v))
	}
	keys := f.o.keysFor(m, f.keys)
	out := make([]any, len(keys))
	for i, k := range keys {
		out[i] = k
	}
	return out
}

// values is _zsj_values: an object's values in key order; anything else
// as it is.
func (f *orderFuncs) values(v any, _ []any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	keys := f.o.keysFor(m, f.keys)
	out := make([]any, len(keys))
	for i, k := range keys {
		out[i] = m[k]
	}
	return out
}

// mergeKeys returns the keys of l in order, then those of r that l lacks,
// in r's order.
func (f *orderFuncs) mergeKeys(l, r map[string]any) []string {
	keys := make([]string, 0, len(l)+len(r))
	keys = append(keys, f.o.keysFor(l, f.keys)...)
	for _, k := range f.o.keysFor(r, f.keys) {
		if _, ok := l[k]; !ok {
			keys = append(keys, k)
		}
	}
	return keys
}

// merge is l + r for objects: r's values win, l's keys keep their places.
func (f *orderFuncs) merge(l, r map[string]any) map[string]any {
	if len(l) == 0 {
		return r
	}
	if len(r) == 0 {
		return l
	}
	m := make(map[string]any, len(l)+len(r))
	maps.Copy(m, l)
	maps.Copy(m, r)
	if info, base, ok := f.o.complete(l); ok {
		var extra []string
		for _, k := range f.o.keysFor(r, f.keys) {
			if _, ok := l[k]; !ok {
				extra = append(extra, k)
			}
		}
		if f.o.extend(m, info, len(base), extra) {
			return m
		}
	}
	f.o.record(m, f.mergeKeys(l, r))
	return m
}

// deepMerge is l * r for objects: where both values are objects they are
// merged in turn.
func (f *orderFuncs) deepMerge(l, r map[string]any) map[string]any {
	keys := f.mergeKeys(l, r)
	m := make(map[string]any, len(keys))
	maps.Copy(m, l)
	for k, rv := range r {
		if lm, ok := m[k].(map[string]any); ok {
			if rm, ok := rv.(map[string]any); ok {
				rv = f.deepMerge(lm, rm)
			}
		}
		m[k] = rv
	}
	f.o.record(m, keys)
	return m
}

// afterSet is _zsj_after_set($old; $path), after setpath($path; ...)
// made . from $old: gojq copied the objects along the path, and each copy
// keeps the key order of the object it was copied from, with a new key
// last.
func (f *orderFuncs) afterSet(v any, args []any) any {
	path, ok := args[1].([]any)
	if !ok {
		return v
	}
	cur, old := v, args[0]
	for _, p := range path {
		switch c := cur.(type) {
		case map[string]any:
			k, ok := p.(string)
			if !ok {
				return v
			}
			om, _ := old.(map[string]any)
			if !f.setOne(c, om, k) {
				f.derive(c, old, true)
			}
			cur, old = c[k], om[k]
		case []any:
			i, ok := pathIndex(p, len(c))
			if !ok {
				return v
			}
			cur = c[i]
			if oa, ok := old.([]any); ok && i < len(oa) {
				old = oa[i]
			} else {
				old = nil
			}
		default:
			return v
		}
	}
	return v
}

// setOne records m, which setpath made of old by setting key k, as old's
// keys and k last if it is new, without looking through all of m's keys
// for the new one. It reports false when m must be derived in full.
func (f *orderFuncs) setOne(m, old map[string]any, k string) bool {
	if len(m) < 2 {
		return true
	}
	if _, ok := f.o.find(m); ok || old == nil {
		return ok
	}
	info, base, ok := f.o.complete(old)
	if !ok {
		return false
	}
	extra := f.one[:0]
	if _, had := old[k]; !had {
		extra = append(extra, k)
	}
	if len(m) != len(old)+len(extra) {
		return false
	}
	return f.o.extend(m, info, len(base), extra)
}

// pathIndex returns the place in an array of n elements of an index in a
// path, as setpath reads it.
func pathIndex(p any, n int) (int, bool) {
	var i int
	switch p := p.(type) {
	case int:
		i = p
	case float64:
		i = int(p)
	default:
		return 0, false
	}
	if i < 0 {
		i += n
	}
	return i, 0 <= i && i < n
}

// derive records the key order of m, which gojq made from old (or from
// nothing) by setting or deleting keys: old's keys that m still has, in
// old's order, then any others, sorted. An object already recorded is
// left alone.
//
// added is as for extendFrom.
func (f *orderFuncs) derive(m map[string]any, old any, added bool) bool {
	if len(m) < 2 {
		return false
	}
	if _, ok := f.o.find(m); ok {
		return false
	}
	om, _ := old.(map[string]any)
	if f.extendFrom(m, om, added) {
		return true
	}
	keys := make([]string, 0, len(m))
	if om != nil {
		for _, k := range f.o.keysFor(om, f.keys) {
			if _, ok := m[k]; ok {
				keys = append(keys, k)
			}
		}
	}
	if len(keys) < len(m) {
		at := len(keys)
		for k := range m {
			if _, ok := om[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys[at:])
	}
	f.o.record(m, keys)
	return true
}

// extendFrom records m as old with keys added (or none), when it is: all
// of old's keys, in old's recorded order, then the others (sorted;
// setpath adds one). added says m has every key of old, or fewer keys
// (setpath along a path, or one path deleted at its end): it need not be
// checked. It reports false when it cannot.
func (f *orderFuncs) extendFrom(m, old map[string]any, added bool) bool {
	if old == nil || len(m) < len(old) {
		return false
	}
	info, base, ok := f.o.complete(old)
	if !ok {
		return false
	}
	for _, k := range base {
		if added {
			break
		}
		if _, ok := m[k]; !ok {
			return false
		}
	}
	extra := make([]string, 0, len(m)-len(old))
	for k := range m {
		if _, ok := old[k]; !ok {
			extra = append(extra, k)
		}
	}
	slices.Sort(extra)
	return f.o.extend(m, info, len(base), extra)
}

// afterDelete is _zsj_after_del($old), after delpaths made . from $old:
// every object gojq copied keeps the order of the one it was copied from.
func (f *orderFuncs) afterDelete(v any, args []any) any {
	f.deriveTree(v, args[0])
	return v
}

func (f *orderFuncs) deriveTree(v, old any) {
	switch c := v.(type) {
	case map[string]any:
		if om, ok := old.(map[string]any); ok && len(om) == len(c) && mapPtr(om) == mapPtr(c) {
			return
		}
		if _, ok := f.o.find(c); ok && len(c) > 1 {
			return
		}
		f.derive(c, old, false)
		om, _ := old.(map[string]any)
		for k, x := range c {
			f.deriveTree(x, om[k])
		}
	case []any:
		oa, _ := old.([]any)
		if len(c) > 0 && len(oa) == len(c) && &oa[0] == &c[0] {
			return
		}
		for i, x := range c {
			var ox any
			if i < len(oa) {
				ox = oa[i]
			}
			f.deriveTree(x, ox)
		}
	}
}

// afterAdd is _zsj_after_add($values), after add made . of $values: an
// object made by adding objects has their keys in order of first
// appearance.
func (f *orderFuncs) afterAdd(v any, args []any) any {
	m, ok := v.(map[string]any)
	if !ok || len(m) < 2 {
		return v
	}
	if _, ok := f.o.find(m); ok {
		return v
	}
	vs, _ := args[0].([]any)
	keys := make([]string, 0, len(m))
	for _, x := range vs {
		if xm, ok := x.(map[string]any); ok {
			for _, k := range f.o.keysFor(xm, f.keys) {
				if !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
		}
	}
	f.recordSome(m, keys)
	return v
}

// afterEntries is _zsj_after_entries($entries), after from_entries made
// . of them: keys in the order of the entries.
func (f *orderFuncs) afterEntries(v any, args []any) any {
	m, ok := v.(map[string]any)
	if !ok || len(m) < 2 {
		return v
	}
	entries, _ := args[0].([]any)
	keys := make([]string, 0, len(m))
	seen := make(map[string]bool, len(m))
	for _, e := range entries {
		em, ok := e.(map[string]any)
		if !ok {
			continue
		}
		// The key is the first of these that is neither null nor false,
		// as from_entries takes it.
		for _, name := range [...]string{"key", "Key", "name", "Name"} {
			k := em[name]
			if k == nil || k == false {
				continue
			}
			if s, ok := k.(string); ok && !seen[s] {
				if _, ok := m[s]; ok {
					seen[s] = true
					keys = append(keys, s)
				}
			}
			break
		}
	}
	f.recordSome(m, keys)
	return v
}

// recordSome records m with keys first and the keys they miss after them,
// sorted.
func (f *orderFuncs) recordSome(m map[string]any, keys []string) {
	if len(keys) < len(m) {
		at := len(keys)
		for k := range m {
			if !slices.Contains(keys[:at], k) {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys[at:])
	}
	f.o.record(m, keys)
}

// captures is _zsj_captures($match), after capture made . of $match's
// captures: the names in the order of the groups.
func (f *orderFuncs) captures(v any, args []any) any {
	m, ok := v.(map[string]any)
	if !ok || len(m) < 2 {
		return v
	}
	match, _ := args[0].(map[string]any)
	caps, _ := match["captures"].([]any)
	keys := make([]string, 0, len(m))
	for _, c := range caps {
		if cm, ok := c.(map[string]any); ok {
			if name, ok := cm["name"].(string); ok && !slices.Contains(keys, name) {
				if _, ok := m[name]; ok {
					keys = append(keys, name)
				}
			}
		}
	}
	f.recordSome(m, keys)
	return v
}

// matchKeys and captureKeys are the orders of match's objects in jq.
var (
	matchKeys   = []string{"offset", "length", "string", "captures"}
	captureKeys = []string{"offset", "length", "string", "name"}
)

// matchOrder is _zsj_match_order: records the order of a match object and
// its captures.
func (f *orderFuncs) matchOrder(v any, _ []any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	f.recordSome(m, onlyKeysOf(m, matchKeys))
	caps, _ := m["captures"].([]any)
	for _, c := range caps {
		if cm, ok := c.(map[string]any); ok {
			f.recordSome(cm, onlyKeysOf(cm, captureKeys))
		}
	}
	return v
}

func onlyKeysOf(m map[string]any, keys []string) []string {
	out := make([]string, 0, len(m))
	for _, k := range keys {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

// toJSON is tojson (and tostring of a value that is not a string): compact
// JSON in key order, written anew.
func (f *orderFuncs) toJSON(v any) any {
	return string(f.json.encode(nil, v))
}

// pinArgs records the order of $ARGS, {"positional", "named"}, and of its
// named variables, in the order of the command line, as jq has them.
func (w *worker) pinArgs() {
	args, ok := w.f.values[len(w.f.values)-1].(map[string]any)
	if !ok {
		return
	}
	w.order.pin(args, []string{"positional", "named"})
	named, ok := args["named"].(map[string]any)
	if !ok {
		return
	}
	var keys []string
	for _, v := range w.f.opts.Vars {
		if !slices.Contains(keys, v.Name) {
			keys = append(keys, v.Name)
		}
	}
	w.order.pin(named, keys)
}

// environment is $ENV and env: the variables in the order of the
// environment, as jq has them (gojq would build its own map, in no
// order). It is made once per worker.
func (f *orderFuncs) environment(any, []any) any {
	if f.env != nil {
		return f.env
	}
	var vars []string
	if f.environ != nil {
		vars = f.environ()
	}
	env := make(map[string]any, len(vars))
	keys := make([]string, 0, len(vars))
	for _, kv := range vars {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			continue
		}
		if _, dup := env[k]; !dup {
			keys = append(keys, k)
		}
		env[k] = v
	}
	f.o.pin(env, keys)
	f.env = env
	return env
}
