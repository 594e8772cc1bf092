package redact

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/zsj-dev/zsj/protocol"
)

// The protocol's ids (runId, id, sessionId) are never free text, and the
// walk leaves them alone: "[REDACTED]" is no valid Id, and a changed id
// would break the links between the events of a run. A producer may still
// put a credential there (a session token used as the sessionId), so an
// id that a text rule matches is reported like any secret and replaced
// by an id derived from it: "redacted-" and 16 hex digits of a hash of
// the whole value. The same value gives the same id in every event and
// every run of zsj, so the log stays linked and valid; the hash is
// domain-separated from fingerprints and, like them, reveals nothing of
// a credential that cannot be guessed.

// idPrefix starts every derived id; it makes clear in the log what
// happened and fits the Id rule (a letter or digit first, then letters,
// digits and ._:-).
const idPrefix = "redacted-"

// derivedID returns the id that replaces the id value v.
func derivedID(v []byte) []byte {
	h := sha256.New()
	h.Write([]byte("zsj redacted id\x00"))
	h.Write(v)
	sum := h.Sum(nil)
	return hex.AppendEncode([]byte(idPrefix), sum[:8])
}

// idField reports whether a top-level key is one of the protocol's ids.
func idField(k []byte) bool {
	switch string(k) {
	case protocol.FieldID, protocol.FieldRunID, protocol.FieldSessionID:
		return true
	}
	return false
}

// secretID looks at the id string value in[v:end] (with its quotes) with
// the text rules; when one matches, it is reported at the current path
// and, when writing, replaced by its derived id.
func (w *walker) secretID(v, end int) {
	if end-v < 2 || w.in[v] != '"' {
		return
	}
	raw := w.in[v+1 : end-1]
	before := len(w.x.found)
	hits, scanned := w.stringHits(v+1, end-1)
	if scanned && len(hits) == 0 && !w.x.rs.anyAlways {
		return
	}
	if _, changed := w.x.redactString(raw, hits, scanned); !changed {
		return
	}
	w.matched(before, nil)
	value := raw
	if indexByte(raw, '\\') >= 0 {
		value = protocol.AppendUnescaped(nil, raw)
	}
	id := derivedID(value)
	w.replace(v, end, func(dst []byte) []byte { return protocol.AppendQuoted(dst, id) })
}
