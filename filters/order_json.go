package filters

import (
	"encoding/json"
	"strings"
)

// afterJSON is _zsj_after_json($text), after fromjson made . of $text:
// gojq decodes into maps, so the key order is read again from the text
// and recorded for every object of the value.
func (f *orderFuncs) afterJSON(v any, args []any) any {
	text, ok := args[0].(string)
	if !ok || !strings.Contains(text, "{") {
		return v
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	f.recordJSON(dec, v)
	return v
}

// recordJSON reads the next value of dec, which v was decoded from, and
// records the key order of its objects. It stops quietly at anything
// unexpected: the order is then only less exact.
func (f *orderFuncs) recordJSON(dec *json.Decoder, v any) bool {
	tok, err := dec.Token()
	if err != nil {
		return false
	}
	switch tok {
	case json.Delim('{'):
		m, _ := v.(map[string]any)
		var keys []string
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return false
			}
			k, _ := tok.(string)
			if !f.recordJSON(dec, m[k]) {
				return false
			}
			keys = append(keys, k)
		}
		if _, err := dec.Token(); err != nil {
			return false
		}
		if m != nil {
			f.recordSome(m, firstOf(keys, m))
		}
	case json.Delim('['):
		a, _ := v.([]any)
		for i := 0; dec.More(); i++ {
			var x any
			if i < len(a) {
				x = a[i]
			}
			if !f.recordJSON(dec, x) {
				return false
			}
		}
		if _, err := dec.Token(); err != nil {
			return false
		}
	}
	return true
}

// firstOf returns keys without repeats, each at its first place, keeping
// only those m has.
func firstOf(keys []string, m map[string]any) []string {
	out := make([]string, 0, len(m))
	seen := make(map[string]bool, len(keys))
	for _, k := range keys {
		if _, ok := m[k]; ok && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}
