package filters

import (
	"errors"
	"fmt"

	"github.com/itchyny/gojq"

	"github.com/zsj-dev/zsj/internal/input"
)

// functions are the jq builtins that gojq leaves to its caller, bound to
// this worker.
func (w *worker) functions() []gojq.CompilerOption {
	w.pinArgs()
	return append(newOrderFuncs(&w.order, w.f.opts.Environ).options(),
		gojq.WithFunction("input_filename", 0, 0, func(any, []any) any {
			if w.name == input.StdinName || w.name == "" {
				return nil
			}
			return w.name
		}),
		gojq.WithFunction("input_line_number", 0, 0, func(any, []any) any { return w.line }),
		gojq.WithFunction("keys_unsorted", 0, 0, w.keysUnsorted),
		gojq.WithFunction("debug", 0, 0, func(v any, _ []any) any {
			msg := append([]byte(`["DEBUG:",`), w.small.encode(nil, v)...)
			w.rawNote(append(msg, "]\n"...))
			return v
		}),
		gojq.WithFunction("stderr", 0, 0, func(v any, _ []any) any {
			w.rawNote(w.small.encode(nil, v)) // jq 1.6: compact JSON, no newline
			return v
		}),
	)
}

// keysUnsorted is jq's keys_unsorted, which gojq lacks: keys in the order
// the encoder writes them.
func (w *worker) keysUnsorted(v any, _ []any) any {
	switch v := v.(type) {
	case map[string]any:
		keys := w.order.keysFor(v, nil)
		out := make([]any, len(keys))
		for i, k := range keys {
			out[i] = k
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i := range v {
			out[i] = i
		}
		return out
	}
	return fmt.Errorf("%s (%s) has no keys", gojq.TypeOf(v), gojq.Preview(v))
}

// runtimeMessage words an error raised while evaluating: error("text")
// shows the text, error(value) the value as JSON, in key order.
func runtimeMessage(err error, order *keyOrder) string {
	if err.Error() == "break" { // how gojq's input says the events ran out
		return "no more inputs"
	}
	var ve gojq.ValueError
	if errors.As(err, &ve) {
		switch v := ve.Value().(type) {
		case string:
			return v
		case nil:
			return "null (null)"
		default:
			enc := newEncoder(Layout{}, order)
			enc.fresh = true
			return string(enc.encode(nil, v)) + " (not a string)"
		}
	}
	return err.Error()
}
