package filters

import (
	"reflect"
	"slices"
	"strconv"

	"github.com/itchyny/gojq"
)

// withKeyOrder returns a copy of q in which everything that builds an
// object or walks one in order goes through zsj's functions, which keep
// jq's key order in the key order table (see keyOrder):
//
//   - an object construction of two keys or more becomes _zsj_obj, which
//     builds the map and records its keys in the order written;
//   - l + r and l * r become _zsj_add and _zsj_mul (merges record the left
//     keys, then the new right ones), unless an operand is a number,
//     string or array literal and the result cannot be an object;
//   - l = r becomes _assign(l; r) and l op= r becomes
//     r as $v | _modify(l; . op $v), so that both reach the prelude's
//     definitions, which set paths through the order-keeping setpath;
//     when l is a path to one place (.a.b, .[$k]), _zsj_assign1 and
//     _zsj_modify1 run gojq's own and then order what it copied;
//   - x[] becomes x | _zsj_each, which goes through an object's keys in
//     their recorded order and still works inside path(...).
//
// The rest (.., map, to_entries, paths, tojson, ...) is redefined in
// orderPrelude: gojq looks a name up in the program's scope before its
// own builtins.
//
// gojq has no ordered object type, by its author's choice; this keeps
// gojq unchanged (no fork, nothing of its code copied), at the cost of a
// function call where an object is built or iterated. Expressions that
// build and iterate no objects, like select(.type == "usage"), are not
// changed at all.
func withKeyOrder(q *gojq.Query) *gojq.Query {
	if q == nil {
		return nil
	}
	c := deepCopy(reflect.ValueOf(q)).Interface().(*gojq.Query)
	rewriteTree(reflect.ValueOf(c))
	if !bindsEnv(c) {
		renameEnv(reflect.ValueOf(c))
	}
	return c
}

// bindsEnv reports whether q binds a variable $ENV of its own.
func bindsEnv(q *gojq.Query) bool {
	found := false
	visitTree(reflect.ValueOf(q), func(v reflect.Value) {
		switch x := v.Interface().(type) {
		case *gojq.Pattern:
			found = found || x.Name == "$ENV"
		case *gojq.FuncDef:
			found = found || slices.Contains(x.Args, "$ENV")
		}
	})
	return found
}

// renameEnv makes $ENV the environment in order, as env is in the
// prelude.
func renameEnv(v reflect.Value) {
	visitTree(v, func(v reflect.Value) {
		if f, ok := v.Interface().(*gojq.Func); ok && f.Name == "$ENV" {
			f.Name = "_zsj_env"
		}
	})
}

// visitTree calls visit with every non-nil pointer under v.
func visitTree(v reflect.Value, visit func(reflect.Value)) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		visit(v)
		visitTree(v.Elem(), visit)
	case reflect.Slice:
		for i := range v.Len() {
			visitTree(v.Index(i), visit)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				visitTree(v.Field(i), visit)
			}
		}
	}
}

// deepCopy copies a syntax tree: pointers, slices and structs, by their
// exported fields (gojq's tree has no others).
func deepCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(deepCopy(v.Elem()))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(deepCopy(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				c.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
		return c
	}
	return v
}

var (
	queryType = reflect.TypeFor[*gojq.Query]()
	termType  = reflect.TypeFor[*gojq.Term]()
)

// rewriteTree rewrites every query and term under v, innermost first, so
// that a rewritten node holds rewritten parts and is not visited again.
func rewriteTree(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		rewriteTree(v.Elem())
		switch v.Type() {
		case queryType:
			rewriteQuery(v.Interface().(*gojq.Query))
		case termType:
			rewriteTerm(v.Interface().(*gojq.Term))
		}
	case reflect.Slice:
		for i := range v.Len() {
			rewriteTree(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				rewriteTree(v.Field(i))
			}
		}
	}
}

// updateOps are the operators of l op= r, with the operator they apply.
var updateOps = map[gojq.Operator]gojq.Operator{
	gojq.OpUpdateAdd: gojq.OpAdd,
	gojq.OpUpdateSub: gojq.OpSub,
	gojq.OpUpdateMul: gojq.OpMul,
	gojq.OpUpdateDiv: gojq.OpDiv,
	gojq.OpUpdateMod: gojq.OpMod,
	gojq.OpUpdateAlt: gojq.OpAlt,
}

// updateVar holds the right side of l op= r; the prefix is zsj's own.
const updateVar = "$__zsj_update"

func rewriteQuery(q *gojq.Query) {
	switch q.Op {
	case gojq.OpAdd, gojq.OpMul:
		if cannotBeObject(q.Left) || cannotBeObject(q.Right) {
			return
		}
		name := "_zsj_add"
		if q.Op == gojq.OpMul {
			name = "_zsj_mul"
		}
		q.Term = callTerm(name, q.Left, q.Right)
		q.Left, q.Right, q.Op = nil, nil, 0
	case gojq.OpAssign:
		// gojq would compile a constant path straight to its own setpath.
		name := "_assign"
		if onePath(q.Left) {
			name = "_zsj_assign1"
		}
		q.Term = callTerm(name, q.Left, q.Right)
		q.Left, q.Right, q.Op = nil, nil, 0
	case gojq.OpModify:
		if onePath(q.Left) {
			q.Term = callTerm("_zsj_modify1", q.Left, q.Right)
			q.Left, q.Right, q.Op = nil, nil, 0
		}
	default:
		op, ok := updateOps[q.Op]
		if !ok {
			return
		}
		apply := &gojq.Query{Left: &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeIdentity}}, Op: op,
			Right: &gojq.Query{Term: callTerm(updateVar)}}
		rewriteQuery(apply)
		name := "_modify"
		if onePath(q.Left) {
			name = "_zsj_modify1"
		}
		modify := &gojq.Query{Term: callTerm(name, q.Left, apply)}
		q.Left, q.Right, q.Op = q.Right, modify, gojq.OpPipe
		q.Patterns = []*gojq.Pattern{{Name: updateVar}}
	}
}

// onePath reports whether q is a path to one place, like .a, .a.b[0] or
// .[$k]: setting it adds at most one key to each object on the way, so
// gojq's own assignment, followed by _zsj_after_set along the path, which
// puts a new key last, gives jq's order. Such a path has no calls: it can
// be taken again on the value before. (Several paths may add several keys to one
// object; the prelude's _assign and _modify set them one by one.)
func onePath(q *gojq.Query) bool {
	if q.Op != 0 || q.Term == nil || len(q.FuncDefs) > 0 {
		return false
	}
	t := q.Term
	switch t.Type {
	case gojq.TermTypeIdentity:
	case gojq.TermTypeIndex:
		if !singleIndex(t.Index) {
			return false
		}
	default:
		return false
	}
	for _, s := range t.SuffixList {
		if s.Index == nil || s.Iter || s.Optional || !singleIndex(s.Index) {
			return false
		}
	}
	return true
}

// singleIndex reports whether x names one key or index: a name, a plain
// string, or a literal or variable in brackets; no slices.
func singleIndex(x *gojq.Index) bool {
	switch {
	case x.Name != "":
		return true
	case x.Str != nil:
		return len(x.Str.Queries) == 0
	case x.IsSlice || x.Start == nil || x.End != nil:
		return false
	}
	q := x.Start
	if q.Op != 0 || q.Term == nil || len(q.Term.SuffixList) > 0 {
		return false
	}
	switch q.Term.Type {
	case gojq.TermTypeNumber, gojq.TermTypeString:
		return q.Term.Type != gojq.TermTypeString || len(q.Term.Str.Queries) == 0
	case gojq.TermTypeFunc:
		return len(q.Term.Func.Args) == 0 && q.Term.Func.Name[0] == '$'
	}
	return false
}

// cannotBeObject reports whether q is a literal that no + or * with it
// makes an object of.
func cannotBeObject(q *gojq.Query) bool {
	if q.Term == nil || len(q.Term.SuffixList) > 0 || len(q.FuncDefs) > 0 {
		return false
	}
	switch q.Term.Type {
	case gojq.TermTypeNumber, gojq.TermTypeString, gojq.TermTypeArray, gojq.TermTypeFormat:
		return true
	}
	return false
}

func rewriteTerm(t *gojq.Term) {
	if t.Type == gojq.TermTypeObject && t.Object != nil && len(t.Object.KeyVals) > 1 {
		rewriteObject(t)
	}
	rewriteIter(t)
}

// rewriteIter turns the first x[] of t into x | _zsj_each, and so on for
// the rest of its suffixes. x[]? keeps its ? on the iteration alone, as
// gojq has it.
func rewriteIter(t *gojq.Term) {
	for i, s := range t.SuffixList {
		if !s.Iter {
			continue
		}
		each := callTerm("_zsj_each")
		rest := t.SuffixList[i+1:]
		if len(rest) > 0 && rest[0].Optional {
			each.SuffixList = []*gojq.Suffix{{Optional: true}}
			rest = rest[1:]
		}
		base := *t
		base.SuffixList = t.SuffixList[:i]
		if base.Type == gojq.TermTypeIdentity && len(base.SuffixList) == 0 {
			*t = *each
			t.SuffixList = append(t.SuffixList, rest...)
		} else {
			*t = gojq.Term{Type: gojq.TermTypeQuery, Query: &gojq.Query{
				Left: &gojq.Query{Term: &base}, Op: gojq.OpPipe, Right: &gojq.Query{Term: each},
			}, SuffixList: rest}
		}
		rewriteIter(t)
		return
	}
}

// maxObjectArgs is how many keys and values _zsj_obj takes as arguments
// (gojq allows 30); larger objects bind them to variables first.
const maxObjectArgs = 30

// rewriteObject turns {k1: v1, ..., kn: vn} into _zsj_obj(vn; kn; ...;
// v1; k1). gojq goes through the outputs of a call's arguments with the
// first varying fastest; jq goes through an object's keys and values with
// the last varying fastest: the arguments are reversed so that the
// results come in jq's order.
func rewriteObject(t *gojq.Term) {
	kvs := t.Object.KeyVals
	pairs := make([][2]*gojq.Query, len(kvs))
	for i, kv := range kvs {
		pairs[i] = keyValue(kv)
	}
	if 2*len(pairs) <= maxObjectArgs {
		args := make([]*gojq.Query, 0, 2*len(pairs))
		for i := len(pairs) - 1; i >= 0; i-- {
			args = append(args, pairs[i][1], pairs[i][0])
		}
		t.Type, t.Object, t.Func = gojq.TermTypeFunc, nil, &gojq.Func{Name: "_zsj_obj", Args: args}
		return
	}
	// (k1) as $k0 | (v1) as $v0 | ... | [$k0, $v0, ...] | _zsj_objv: the
	// first binding varies slowest, as in jq.
	var elems *gojq.Query
	for i := range pairs {
		for _, name := range []string{"$__zsj_k", "$__zsj_v"} {
			ref := &gojq.Query{Term: callTerm(name + strconv.Itoa(i))}
			if elems == nil {
				elems = ref
			} else {
				elems = &gojq.Query{Left: elems, Op: gojq.OpComma, Right: ref}
			}
		}
	}
	body := &gojq.Query{
		Left: &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeArray, Array: &gojq.Array{Query: elems}}},
		Op:   gojq.OpPipe, Right: &gojq.Query{Term: callTerm("_zsj_objv")},
	}
	for i := len(pairs) - 1; i >= 0; i-- {
		body = &gojq.Query{Left: pairs[i][1], Op: gojq.OpPipe, Right: body,
			Patterns: []*gojq.Pattern{{Name: "$__zsj_v" + strconv.Itoa(i)}}}
		body = &gojq.Query{Left: pairs[i][0], Op: gojq.OpPipe, Right: body,
			Patterns: []*gojq.Pattern{{Name: "$__zsj_k" + strconv.Itoa(i)}}}
	}
	*t = gojq.Term{Type: gojq.TermTypeQuery, Query: body, SuffixList: t.SuffixList}
}

// keyValue returns the key and value queries of one member of an object
// construction, with jq's shorthands spelled out.
func keyValue(kv *gojq.ObjectKeyVal) [2]*gojq.Query {
	var key, val *gojq.Query
	switch {
	case kv.Key != "" && kv.Key[0] == '$':
		if kv.Val == nil { // {$x} is {x: $x}
			key = stringQuery(kv.Key[1:])
			val = &gojq.Query{Term: callTerm(kv.Key)}
		} else { // {$x: v}: the key is the value of $x
			key = &gojq.Query{Term: callTerm(kv.Key)}
		}
	case kv.Key != "":
		key = stringQuery(kv.Key)
		if kv.Val == nil { // {a} is {a: .a}
			val = &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeIndex, Index: &gojq.Index{Name: kv.Key}}}
		}
	case kv.KeyString != nil:
		key = &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeString, Str: kv.KeyString}}
		if kv.Val == nil { // {"a b"} is {"a b": .["a b"]}
			val = &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeIndex, Index: &gojq.Index{Str: kv.KeyString}}}
		}
	default:
		key = kv.KeyQuery
	}
	if kv.Val != nil {
		val = kv.Val
	}
	return [2]*gojq.Query{key, val}
}

func stringQuery(s string) *gojq.Query {
	return &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeString, Str: &gojq.String{Str: s}}}
}

func callTerm(name string, args ...*gojq.Query) *gojq.Term {
	return &gojq.Term{Type: gojq.TermTypeFunc, Func: &gojq.Func{Name: name, Args: args}}
}
