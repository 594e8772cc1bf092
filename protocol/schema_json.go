package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// schemaObject is a JSON object that keeps its keys in the order they were
// written. A Go map would be sorted by encoding/json; the schema reads
// better in the order of docs/PROTOCOL.md ($schema first, then the event's own
// fields), and the order must not change between runs so that golden files
// and published copies stay byte-for-byte equal.
type schemaObject []schemaMember

type schemaMember struct {
	key   string
	value any
}

// schemaObj builds a schemaObject from key, value pairs. It panics on an odd
// count or a non-string key: the schema is built from literals in this
// package, so either is a mistake in the code, never in the input.
func schemaObj(pairs ...any) schemaObject {
	if len(pairs)%2 != 0 {
		panic("schemaObj: odd number of arguments")
	}
	o := make(schemaObject, 0, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		key, ok := pairs[i].(string)
		if !ok {
			panic(fmt.Sprintf("schemaObj: key %v is not a string", pairs[i]))
		}
		o = append(o, schemaMember{key, pairs[i+1]})
	}
	return o
}

// with returns o with one more member at the end, leaving o untouched.
func (o schemaObject) with(key string, value any) schemaObject {
	out := make(schemaObject, len(o), len(o)+1)
	copy(out, o)
	return append(out, schemaMember{key, value})
}

// MarshalJSON writes the members in order. Strings are written without
// HTML escaping so descriptions stay readable.
func (o schemaObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := schemaEncode(&b, m.key); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := schemaEncode(&b, m.value); err != nil {
			return nil, fmt.Errorf("%s: %w", m.key, err)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// schemaEncode appends the JSON of v to b, without HTML escaping and
// without the newline json.Encoder adds.
func schemaEncode(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1)
	return nil
}

// schemaIndent renders the finished schema: two-space indent, no HTML
// escaping, one newline at the end like any text file.
func schemaIndent(root schemaObject) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
