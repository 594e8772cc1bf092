package filters

import (
	"reflect"
	"slices"

	"github.com/itchyny/gojq"

	"github.com/zsj-dev/zsj/protocol"
)

// plan is what zsj learns from the shape of an expression before running
// it: whether it can skip decoding lines, and whether it can run on all
// cores.
type plan struct {
	// identity: the expression is "." (or there is none): every event
	// comes out as it went in.
	identity bool
	// gate lists the event types the expression can produce output for:
	// it starts with select on .type, so a line of another type yields
	// nothing and need not be decoded. nil when there is no such gate.
	gate []string
	// selectOnly: the expression is nothing but the gate, so an event
	// that passes comes out unchanged.
	selectOnly bool
	// usesInput: input or inputs read further events, so events must be
	// evaluated one after another.
	usesInput bool
	// lineNumbers: input_line_number needs the absolute line number,
	// which only the sequential reader knows.
	lineNumbers bool
	// path: the expression is a plain path of object keys (.a, .a.b,
	// .["a"]): it is looked up in the line's bytes, without gojq.
	path []string
}

func analyze(q *gojq.Query) plan {
	var p plan
	if q == nil {
		p.identity = true
		return p
	}
	p.identity = isIdentity(q)
	p.path = keyPath(q)
	names := funcNames(q)
	p.usesInput = names["input"] || names["inputs"]
	p.lineNumbers = names["input_line_number"]
	if !p.usesInput {
		// With input in the expression, a skipped line would still be one
		// that input must return.
		p.gate, p.selectOnly, _ = gateOf(q)
	}
	return p
}

func isIdentity(q *gojq.Query) bool {
	return q.Op == 0 && q.Term != nil && q.Term.Type == gojq.TermTypeIdentity &&
		len(q.Term.SuffixList) == 0 && len(q.FuncDefs) == 0 && len(q.Imports) == 0
}

// keyPath returns the keys of an expression that is nothing but object
// lookups by constant keys, like .a.b or .["a"], and nil for anything
// else.
func keyPath(q *gojq.Query) []string {
	if q.Op != 0 || q.Term == nil || len(q.FuncDefs) > 0 || len(q.Imports) > 0 ||
		q.Term.Type != gojq.TermTypeIndex || q.Term.Index == nil {
		return nil
	}
	first, ok := indexKey(q.Term.Index)
	if !ok {
		return nil
	}
	path := []string{first}
	for _, s := range q.Term.SuffixList {
		if s.Index == nil || s.Iter || s.Optional {
			return nil
		}
		k, ok := indexKey(s.Index)
		if !ok {
			return nil
		}
		path = append(path, k)
	}
	return path
}

// indexKey returns the key of .key, ."key" or .["key"].
func indexKey(x *gojq.Index) (string, bool) {
	switch {
	case x.Name != "":
		return x.Name, true
	case x.Str != nil:
		return x.Str.Str, len(x.Str.Queries) == 0
	case x.Start != nil && x.End == nil && !x.IsSlice:
		return stringLiteral(x.Start)
	}
	return "", false
}

// funcNames collects the names of all functions an expression calls,
// anywhere in it. It walks the syntax tree by reflection, so that no kind
// of node (now or in a later gojq) is missed.
func funcNames(q *gojq.Query) map[string]bool {
	names := map[string]bool{}
	funcType := reflect.TypeFor[*gojq.Func]()
	var visit func(v reflect.Value)
	visit = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				return
			}
			if v.Type() == funcType {
				names[v.Interface().(*gojq.Func).Name] = true
			}
			visit(v.Elem())
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					visit(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := range v.Len() {
				visit(v.Index(i))
			}
		}
	}
	visit(reflect.ValueOf(q))
	return names
}

// gateOf finds a type gate at the start of q: q is select(COND), or
// starts with one and pipes on, where COND can only be true for some
// literal values of .type and tests .type before anything else. A
// definition anywhere at the top could redefine select, so then there is
// no gate.
func gateOf(q *gojq.Query) (types []string, selectOnly, ok bool) {
	if len(q.FuncDefs) > 0 || len(q.Imports) > 0 {
		return nil, false, false
	}
	if q.Op == gojq.OpPipe {
		types, _, ok = gateOf(q.Left)
		return types, false, ok
	}
	if q.Op != 0 || q.Term == nil || len(q.Term.SuffixList) > 0 {
		return nil, false, false
	}
	t := q.Term
	switch t.Type {
	case gojq.TermTypeQuery:
		return gateOf(t.Query)
	case gojq.TermTypeFunc:
		f := t.Func
		switch {
		case f.Name == "select" && len(f.Args) == 1:
			types, exact, ok := typeCond(f.Args[0])
			return types, exact, ok
		case f.Name == "of_type" && len(f.Args) == 1:
			if s, ok := stringLiteral(f.Args[0]); ok {
				return []string{s}, true, true
			}
		case len(f.Args) == 0:
			if g, found := preludeTypes[f.Name]; found {
				return g.types, g.selectOnly, true
			}
		}
	}
	return nil, false, false
}

// typeCond reports the values of .type for which cond can be true, when
// cond is built from `.type == "literal"` tests with and/or such that,
// for any other type, it is false without evaluating anything else (jq's
// and/or stop at the first operand that decides). exact means cond is
// true for exactly those types.
func typeCond(cond *gojq.Query) (types []string, exact, ok bool) {
	switch cond.Op {
	case gojq.OpEq:
		if isTypeField(cond.Left) {
			if s, ok := stringLiteral(cond.Right); ok {
				return []string{s}, true, true
			}
		}
		if isTypeField(cond.Right) {
			if s, ok := stringLiteral(cond.Left); ok {
				return []string{s}, true, true
			}
		}
	case gojq.OpOr:
		l, lexact, lok := typeCond(cond.Left)
		r, rexact, rok := typeCond(cond.Right)
		if lok && rok {
			types := append(slices.Clone(l), r...)
			slices.Sort(types)
			return slices.Compact(types), lexact && rexact, true
		}
	case gojq.OpAnd:
		// Only the left operand: the right one runs when the left is
		// true, and may fail or print for events the gate would skip.
		if l, _, lok := typeCond(cond.Left); lok {
			return l, false, true
		}
	case 0:
		if t := cond.Term; t != nil && t.Type == gojq.TermTypeQuery && len(t.SuffixList) == 0 {
			return typeCond(t.Query)
		}
	}
	return nil, false, false
}

// isTypeField reports whether q is exactly .type (or ."type", .["type"]).
func isTypeField(q *gojq.Query) bool {
	if q.Op != 0 || q.Term == nil || len(q.Term.SuffixList) > 0 || len(q.FuncDefs) > 0 {
		return false
	}
	t := q.Term
	if t.Type != gojq.TermTypeIndex || t.Index == nil {
		return false
	}
	k, ok := indexKey(t.Index)
	return ok && k == protocol.FieldType
}

// stringLiteral returns the text of q when q is a plain string literal.
func stringLiteral(q *gojq.Query) (string, bool) {
	if q.Op != 0 || q.Term == nil || len(q.Term.SuffixList) > 0 || len(q.FuncDefs) > 0 {
		return "", false
	}
	t := q.Term
	if t.Type == gojq.TermTypeQuery && t.Query != nil {
		return stringLiteral(t.Query)
	}
	if t.Type != gojq.TermTypeString || t.Str == nil || len(t.Str.Queries) > 0 {
		return "", false
	}
	return t.Str.Str, true
}
