package redact

import (
	"reflect"
	"slices"
)

// Some quick checks are one function of the text alone, shared by
// several rules: maybeKeyText by the three rules about key names in text,
// which have the same keywords, maybeURLPassword by the two about URLs.
// Where one said no at a keyword the others would too, and a "token" of
// source code had the same bytes looked at three times over.

// plainChecks are the code of those functions. A rule's check is one of
// them only when it is the function itself, never a closure or a method
// value, which share their code with others that read other things.
var plainChecks = func() map[uintptr]bool {
	m := map[uintptr]bool{}
	for _, f := range []func([]byte, int, int) bool{maybeKeyText, maybeURLPassword, maybeHeader, maybeBase64, maybePercent} {
		m[funcPointer(f)] = true
	}
	return m
}()

// checksOnce returns the rules of ids, in order, but for those whose
// check is a plain one that an earlier rule of ids has (see plainChecks).
// A rule without a check stays: it always may fire.
func checksOnce(rules []rule, ids []int) []int {
	var seen []uintptr
	out := make([]int, 0, len(ids))
	for _, ri := range ids {
		if m := rules[ri].maybe; m != nil {
			p := funcPointer(m)
			if plainChecks[p] {
				if slices.Contains(seen, p) {
					continue
				}
				seen = append(seen, p)
			}
		}
		out = append(out, ri)
	}
	return out
}

// funcPointer is the code a function value runs.
func funcPointer(f func([]byte, int, int) bool) uintptr { return reflect.ValueOf(f).Pointer() }
