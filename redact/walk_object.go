package redact

import (
	"bytes"
	"strconv"

	"github.com/zsj-dev/zsj/protocol"
)

// protectedKey reports whether a top-level key holds one of the
// protocol's own ids or enum values. They are never replaced by the
// replacement: "[REDACTED]" is not a valid Id, a changed runId or id
// would break the links between events, and nothing in them is free
// text; an id that holds a credential gets a derived id (see secretID).
func protectedKey(k []byte) bool { return protocol.IsIDOrEnumField(k) }

// protocolKey reports whether a top-level key is one the protocol
// defines: such a name is neither a secret nor a sensitive key, so it
// need not be looked at (its value still is).
func protocolKey(k []byte) bool { return protocol.IsEventField(k) }

// newKeys tracks the keys of one object once one of them has been
// redacted, so that two redacted keys (or a redacted key and one that
// reads "[REDACTED]" already) never become duplicates.
type newKeys struct {
	taken [][]byte
}

func (w *walker) object(i, depth int, top bool) int {
	objStart := i
	i, closed := protocol.Open(w.in, i)
	var renamed *newKeys
	for !closed {
		if i >= len(w.in) || w.in[i] != '"' {
			return w.fail()
		}
		q := protocol.QuickStringEnd(w.in, i) - 1 // the closing quote
		if q < 0 {
			return w.fail()
		}
		rawKey := w.in[i+1 : q]
		v := protocol.AfterKey(w.in, q+1)
		if v < 0 {
			return w.fail()
		}

		var end int
		if top && protocolKey(rawKey) {
			w.path = append(w.path, protocol.PathStep{Key: rawKey})
			if protectedKey(rawKey) {
				end = w.skip(v, depth)
				if end > 0 && idField(rawKey) {
					w.secretID(v, end)
				}
				if end > 0 && string(rawKey) == "type" && w.in[v] == '"' {
					w.typ = w.in[v+1 : end-1]
					if indexByte(w.typ, '\\') >= 0 {
						w.typ = protocol.AppendUnescaped(nil, w.typ)
					}
				}
			} else {
				end = w.value(v, depth)
			}
		} else {
			key, sensitive := w.key(i, q, objStart, &renamed)
			w.path = append(w.path, protocol.PathStep{Key: key})
			if sensitive {
				end = w.sensitiveValue(v, depth)
			} else {
				end = w.value(v, depth)
			}
		}
		w.path = w.path[:len(w.path)-1]
		if end < 0 {
			return -1
		}
		if i, closed = w.afterValue(end, '}'); i < 0 {
			return -1
		}
	}
	return i
}

// key applies the text rules to the key whose quotes are at i and q, and
// returns it as it now reads and whether its original name is sensitive.
func (w *walker) key(i, q, objStart int, renamed **newKeys) ([]byte, bool) {
	raw := w.in[i+1 : q]
	name := raw
	if indexByte(raw, '\\') >= 0 {
		name = protocol.AppendUnescaped(nil, raw)
	}
	sensitive := w.x.rs.keys.sensitive(name)
	before := len(w.x.found)
	hits, scanned := w.stringHits(i+1, q)
	text, changed := w.x.redactString(raw, hits, scanned)
	if !changed {
		return name, sensitive
	}
	if *renamed == nil {
		*renamed = &newKeys{taken: w.objectKeys(objStart)}
	}
	key := (*renamed).unique(text)
	w.matched(before, key)
	w.replace(i, q+1, func(dst []byte) []byte { return protocol.AppendQuoted(dst, key) })
	return key, sensitive
}

// unique returns key, or key#2, key#3... if an earlier key took it.
func (nk *newKeys) unique(key []byte) []byte {
	out := bytes.Clone(key)
	for n := 2; nk.has(out); n++ {
		out = strconv.AppendInt(append(bytes.Clone(key), '#'), int64(n), 10)
	}
	nk.taken = append(nk.taken, out)
	return out
}

func (nk *newKeys) has(key []byte) bool {
	for _, k := range nk.taken {
		if bytes.Equal(k, key) {
			return true
		}
	}
	return false
}

// objectKeys returns the decoded keys of the object at start, up to
// anything broken in it (which the walk itself reports).
func (w *walker) objectKeys(start int) [][]byte {
	var keys [][]byte
	i, closed := protocol.Open(w.in, start)
	for !closed {
		m, next, last, err := protocol.QuickMember(w.in, i)
		if err != nil {
			break
		}
		keys = append(keys, protocol.AppendUnescaped(nil, m.Key))
		i, closed = next, last
	}
	return keys
}

// sensitiveValue replaces the value at v of a member with a sensitive key,
// unless it holds nothing (null, a boolean, "", [], {}) or is already the
// replacement.
func (w *walker) sensitiveValue(v, depth int) int {
	end := w.skip(v, depth)
	if end < 0 {
		return -1
	}
	val := w.in[v:end]
	secret := val
	switch val[0] {
	case 'n', 't', 'f':
		return end
	case '[', '{':
		if protocol.SkipSpace(val, 1) == len(val)-1 {
			return end
		}
	case '"':
		secret = val[1 : len(val)-1]
		if indexByte(secret, '\\') >= 0 {
			secret = protocol.AppendUnescaped(nil, secret)
		}
		if len(secret) == 0 || bytes.Equal(secret, w.x.rs.repl) {
			return end
		}
	}
	w.x.matches = append(w.x.matches, Match{Rule: RuleSensitiveKey, Path: w.pathString(nil), Fingerprint: fingerprint(secret)})
	w.replace(v, end, func(dst []byte) []byte { return append(dst, w.x.rs.replJSON...) })
	return end
}
