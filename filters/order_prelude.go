package filters

import "github.com/itchyny/gojq"

// orderNatives are definitions that reach gojq's own builtins, made
// before orderPrelude hides them under the same names, and the iteration
// in key order that the rewrite calls for x[]. They are compiled as they
// are written.
const orderNatives = `
def _zsj_each: if type == "object" then .[_zsj_keys[]] else .[] end;
def _zsj_setpath0($p; $v): setpath($p; $v);
def _zsj_delpaths0($ps): delpaths($ps);
def _zsj_add0: add;
def _zsj_join0($x): join($x);
def _zsj_to_entries0: to_entries;
def _zsj_from_entries0: from_entries;
def _zsj_html0: _tohtml;
def _zsj_uri0: _touri;
def _zsj_base640: _tobase64;
def _zsj_format0($f): format($f);
def _zsj_fromjson0: fromjson;
def _zsj_assign1(p; $v): . as $old | _assign(p; $v) | _zsj_after_set($old; $old | path(p));
def _zsj_modify1(p; f): . as $old | _modify(p; f) | _zsj_after_set($old; $old | path(p));
`

// orderPrelude redefines, in key order, the jq builtins that build
// objects or go through their keys, where gojq's own go in sorted order
// or build maps that nothing records. It is rewritten by withKeyOrder
// like an expression: its object constructions, x[], + and = keep order.
// Each definition follows what the builtin does in gojq (jq 1.7's
// semantics where they differ from 1.6, as gojq has them).
const orderPrelude = `
def map(f): [.[] | f];
def recurse: recurse(.[]?);
def to_entries:
  if type == "object" then [_zsj_keys[] as $k | {key: $k, value: .[$k]}]
  else _zsj_to_entries0 end;
def from_entries: . as $entries | _zsj_from_entries0 | _zsj_after_entries($entries);
def with_entries(f): to_entries | map(f) | from_entries;
def add: _zsj_values as $vs | $vs | _zsj_add0 | _zsj_after_add($vs);
def add(f): [f] | add;
def join($x): _zsj_values | _zsj_join0($x);
def setpath(p; v): v as $v | p as $p | . as $old | _zsj_setpath0($p; $v) | _zsj_after_set($old; $p);
def delpaths(ps): ps as $ps | . as $old | _zsj_delpaths0($ps) | _zsj_after_del($old);
def del(f): delpaths([path(f)]);
def _assign(paths; $v): reduce path(paths) as $p (.; setpath($p; $v));
def _modify(paths; f):
  reduce path(paths) as $p ([., []];
    . as [$v, $gone]
    | first(($v | getpath($p) | f | [.]), null) as $new
    | if $new then [($v | setpath($p; $new[0])), $gone] else [$v, $gone + [$p]] end)
  | . as [$v, $gone] | $v | if $gone | length > 0 then delpaths($gone) end;
def map_values(f): .[] |= f;
def walk(f):
  def w: if type == "object" then map_values(w) elif type == "array" then map(w) else . end | f;
  w;
def paths: path(..) | select(length > 0);
def paths(f): path(.. | select(f)) | select(length > 0);
def pick(pathexps): . as $v | reduce path(pathexps) as $p (null; setpath($p; $v | getpath($p)));
def tostream:
  def events($p):
    if (type == "object" or type == "array") and length > 0 then
      (if type == "object" then _zsj_keys else [range(length)] end) as $ks
      | ($ks[] as $k | .[$k] | events($p + [$k])), [$p + [$ks[-1]]]
    else [$p, .] end;
  events([]);
def fromstream(f):
  foreach f as $e ([null, false];
    (if .[1] then null else .[0] end) as $v
    | ($e[0] | length) as $depth
    | if ($e | length) == 2 then [($v | setpath($e[0]; $e[1])), $depth == 0]
      else [$v, $depth == 1] end;
    if .[1] then .[0] else empty end);
def INDEX(stream; f): reduce stream as $row ({}; setpath([$row | f | tostring]; $row));
def INDEX(f): INDEX(.[]; f);
def env: _zsj_env;
def tojson: _zsj_tojson;
def fromjson: . as $text | _zsj_fromjson0 | _zsj_after_json($text);
def tostring: _zsj_tostring;
def _tohtml: tostring | _zsj_html0;
def _touri: tostring | _zsj_uri0;
def _tobase64: tostring | _zsj_base640;
def format($f):
  if $f == "text" then tostring elif $f == "json" then tojson elif $f == "html" then _tohtml
  elif $f == "uri" then _touri elif $f == "base64" then _tobase64 else _zsj_format0($f) end;
def match($re; $flags): _match($re; $flags; false)[] | _zsj_match_order;
def match($re): if ($re | type) == "array" then match($re[0]; $re[1]) else match($re; null) end;
def capture($re; $flags): match($re; $flags) | . as $m | .captures | _captures | _zsj_captures($m);
def capture($re): if ($re | type) == "array" then capture($re[0]; $re[1]) else capture($re; null) end;
`

// orderDefs returns the definitions of orderNatives and orderPrelude, the
// latter rewritten for key order.
func orderDefs() ([]*gojq.FuncDef, error) {
	natives, err := gojq.Parse(orderNatives + ".")
	if err != nil {
		return nil, err
	}
	prelude, err := gojq.Parse(orderPrelude + ".")
	if err != nil {
		return nil, err
	}
	prelude = withKeyOrder(prelude)
	return append(natives.FuncDefs, prelude.FuncDefs...), nil
}
