package filters

import "github.com/zsj-dev/zsj/protocol"

// DecodeJSON reads text as exactly one JSON value (--argjson, --jsonargs),
// into the values gojq works on.
func DecodeJSON(text []byte) (any, error) {
	v, err := newDecoder(nil).decode(text)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// DecodeJSONSeq reads the JSON values in text, separated by whitespace
// and spread over lines as they like (--slurpfile).
func DecodeJSONSeq(text []byte) ([]any, error) {
	d := newDecoder(nil)
	values := []any{}
	for i := protocol.SkipSpace(text, 0); i < len(text); i = protocol.SkipSpace(text, i) {
		v, end, err := d.value(text, i, 0)
		if err != nil {
			return nil, syntaxError(err)
		}
		values = append(values, v)
		i = end
	}
	return values, nil
}
