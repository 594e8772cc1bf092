package filters

import (
	"context"
	"math"
	"math/big"
	"math/bits"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/itchyny/gojq"
)

// _zsj_add and _zsj_mul replace gojq's + and *: on every pair of these
// values they must give what gojq gives, of the same Go type, or fail as
// it fails.
func TestAddMulAsGojq(t *testing.T) {
	big30, _ := new(big.Int).SetString("1000000000000000000000000000000", 10)
	values := []any{
		nil, true, false, 0, 1, -1, 7, productSafe - 1, -(productSafe - 1), productSafe, 1 << (bits.UintSize - 2), -(1 << (bits.UintSize - 2)), // 2^62 on 64-bit systems
		math.MaxInt, math.MinInt, 2.5, -0.5, 1e300, big30, "a", "", []any{}, []any{1, "x"},
		map[string]any{}, map[string]any{"a": 1, "b": map[string]any{"c": 1}},
		map[string]any{"b": map[string]any{"d": 2}, "e": nil},
	}
	f := newOrderFuncs(&keyOrder{}, nil)
	for _, l := range values {
		for _, r := range values {
			if hugeRepeat(l, r) || hugeRepeat(r, l) {
				continue // gojq would build a string of gigabytes
			}
			for _, op := range []struct {
				name, expr string
				native     *nativeOp
				ours       func(l, r any) any
			}{
				{"+", ".[0] + .[1]", &nativeAdd, f.add},
				{"*", ".[0] * .[1]", &nativeMul, f.mul},
			} {
				got := op.ours(l, r)
				want := gojqOperator(op.native, op.expr, l, r)
				gerr, gok := got.(error)
				werr, wok := want.(error)
				switch {
				case gok || wok:
					if !gok || !wok || gerr.Error() != werr.Error() {
						t.Errorf("%s %s %s: got %v, want %v", gojq.Preview(l), op.name, gojq.Preview(r), got, want)
					}
				case reflect.TypeOf(got) != reflect.TypeOf(want) || gojq.Compare(got, want) != 0:
					t.Errorf("%s %s %s: got %T %s, want %T %s", gojq.Preview(l), op.name, gojq.Preview(r),
						got, gojq.Preview(got), want, gojq.Preview(want))
				}
			}
		}
	}
}

func hugeRepeat(s, n any) bool {
	_, str := s.(string)
	i, isInt := n.(int)
	return str && isInt && i >= productSafe-1
}

// rewriteSeeds are programs of every kind of syntax the rewrite touches.
var rewriteSeeds = []string{
	`{a, b: 1, "c": 2, (.x): 3, $__loc__, "d\(1)": 4, "e\(2)"}`,
	`. as $v | {$v, w: $v}`,
	`.a[]?.b[]`, `.[]?`, `..`, `[.[] | .x?]`, `.a[1:][]`,
	`.a += 1 | .b -= 1 | .c *= 2 | .d /= 2 | .e %= 2 | .f //= 3`,
	`.a = 1 | .b |= . + 1 | del(.c)`,
	`reduce .[] as [$a, $b] ({}; . + {($a | tostring): $b})`,
	`foreach (1, 2) as $x ({}; .[$x | tostring] = $x; .)`,
	`{a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10, k: 11, l: 12, m: 13, n: 14, o: 15, p: 16}`,
	`def f(g): {x: g, y: g}; f(.a, .b)`,
	`if . then {a: 1, b: 2} elif 1 then [.[]] else {} end`,
	`try {a: error, b: 1} catch {c: 1, d: 2}`,
	`label $out | {a: (1, break $out), b: 2}`,
	`@json "\({a: 1, b: 2})" | @base64`,
	`. * {a: {b: 1}} | to_entries | from_entries | with_entries(.)`,
	`[paths], [leaf_paths], [tostream], tojson, tostring, keys_unsorted`,
	`$ENV | keys_unsorted | length`, `env | type`,
	`. as {a: $x, $b} ?// [$x, $b] | {$x, $b}`,
	`[limit(3; repeat({a: 1, b: 2}))]`,
	`.a.b.c = {d: 1, e: 2} | getpath(["a", "b"])`,
	`input_filename, $__prog_args?`,
}

// FuzzKeyOrderRewrite checks the rewrite on any program gojq compiles:
// the rewritten program (with the prelude) compiles too, and running it
// does not panic.
func FuzzKeyOrderRewrite(f *testing.F) {
	for _, s := range rewriteSeeds {
		f.Add(s)
	}
	input := map[string]any{"a": []any{1, map[string]any{"d": 2, "c": 3}}, "b": "x"}
	f.Fuzz(func(t *testing.T, program string) {
		q, err := gojq.Parse(program)
		if err != nil {
			return
		}
		if _, err := gojq.Compile(q, gojq.WithEnvironLoader(func() []string { return nil })); err != nil {
			return
		}
		fl, err := New(Options{Expr: program})
		if err != nil {
			t.Fatalf("%q: gojq compiles it, zsj does not: %v", program, err)
		}
		w := newWorker(fl, false)
		code, err := fl.compileFor(w)
		if err != nil {
			t.Fatalf("%q: %v", program, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		iter := code.RunWithContext(ctx, input, fl.values...)
		for range 100 {
			v, ok := iter.Next()
			if !ok {
				break
			}
			if _, ok := v.(error); !ok {
				w.small.encode(nil, v)
			}
		}
	})
}

// TestRewriteKeepsValues runs programs whose results do not depend on key
// order with and without the rewrite: the values must be the same.
func TestRewriteKeepsValues(t *testing.T) {
	input := map[string]any{"a": []any{1, map[string]any{"d": 2, "c": 3}}, "b": "x", "n": 5}
	for _, program := range []string{
		`{a, b: 1, "c": 2, (.b): 3, "d\(1)": 4}`,
		`.n += 1 | .m //= 3 | .b *= 2 | .x.y.z = 1 | del(.a[0])`,
		`[.a[]?, (.b | .[]?), ..]  | length`,
		`reduce (.a[1] | keys[]) as $k ({}; . + {($k): 1})`,
		`. * {a: {q: 1}, z: {y: 2}} | keys`,
		`[paths] | sort`, `[tostream] | sort`,
		`to_entries | from_entries == .`, `with_entries(.value |= type) | keys`,
		`[{a: (1, 2), b: (3, 4)}]`, `[{(("x", "y")): (1, 2)}]`,
		`1 + 2, 1.5 * 2, "a" + "b", [1] + [2], null + 1, 9223372036854775807 + 1, "ab" * 2, (try ({} + 1) catch .)`,
		`{a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10, k: 11, l: 12, m: 13, n: 14, o: 15, p: 16} | add`,
		`[range(3) | {(tostring): .}] | add | keys`,
		`walk(if type == "number" then . + 1 else . end) | tojson | fromjson | .n`,
		`[.a[1] | to_entries[] | .key] | sort`,
		`[1, 2, 3] | (.[] | select(. > 1)) |= empty`, `.n |= (1, 2)`, `.b |= empty`, `[.[] |= 1] | .[0] | keys`,
		`[.a | to_entries[]]`, `[{Key: "k", Value: 1}, {name: "n", value: 2}, {key: null, Name: "m"}] | from_entries`,
		`[paths(numbers)] | sort`, `pick(.a[1].c, .n) | tojson | length`, `del(.a[0], .b) | keys`,
		`[fromstream(tostream)] == [.]`, `[1, [2, []], {}] | [tostream]`, `3 | [tostream]`,
		`INDEX(.a[]; tostring) | keys`, `["a", "b"] | add, join("-")`, `null | add`, `[] | add`,
		`"test 12 ab" | [match("(?<n>[0-9]+)|(?<w>[a-z]+)"; "g") | .captures | length], capture("(?<x>[0-9])(?<y>[0-9])")`,
		`"a,b" | [splits(",")], (["x", 1] | @csv, format("csv")), ("<&>" | @html), ("a b" | @uri), ("YQ==" | @base64d)`,
		`(env | type), ($ENV | type)`,
		`getpath(["a", 1, "c"]), (try getpath(["b", "x"]) catch "err"), paths(type == "string")`,
		`[limit(2; .[])] | length, first(.a[]), ([.a[]?] | length), (try (.b[]) catch "cannot")`,
		`to_entries | map(select(.key != "b")) | from_entries | keys`,
		`with_entries(.key |= ascii_upcase) | keys`, `walk(if type == "array" then sort else . end) | .a`,
		`reduce range(5) as $i ({}; .["k\($i)"] = $i) | keys`, `[.[] | numbers] | add`,
		`try ({} | .a.b.c |= 1) catch "e"`, `try ("x" | .a = 1) catch "e"`, `try ([] | .a |= 1) catch "e"`,
	} {
		q, err := gojq.Parse(program)
		if err != nil {
			t.Fatal(err)
		}
		code, err := gojq.Compile(q)
		if err != nil {
			t.Fatal(err)
		}
		want := collect(code.Run(input))
		fl, err := New(Options{Expr: program})
		if err != nil {
			t.Fatal(err)
		}
		ours, err := fl.compileFor(newWorker(fl, false))
		if err != nil {
			t.Fatal(err)
		}
		if got := collect(ours.Run(input, fl.values...)); got != want {
			t.Errorf("%s:\ngot  %s\nwant %s", program, got, want)
		}
	}
}

// collect writes the results of iter with keys sorted, errors as text.
func collect(iter gojq.Iter) string {
	var b strings.Builder
	enc := newEncoder(Layout{SortKeys: true}, nil)
	for {
		v, ok := iter.Next()
		if !ok {
			return b.String()
		}
		if err, ok := v.(error); ok {
			b.WriteString("error: " + err.Error() + "\n")
			continue
		}
		b.Write(enc.encode(nil, v))
		b.WriteByte('\n')
	}
}
