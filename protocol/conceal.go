package protocol

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// Problems quote the names they are about, but a name is whatever the
// producer wrote: an event type or a field name may be a credential
// pasted in the wrong place, and nothing zsj prints may hold one. A name
// that Options.Conceal flags is named by its fingerprint instead, the
// first 8 hex digits of its SHA-256, as zsj redact names the secrets it
// finds, so the two reports can be matched up.

// fingerprint names a value without revealing it.
func fingerprint(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:4])
}

// concealed reports whether name must not be printed.
func (c *eventChecker) concealed(name []byte) bool {
	return c.opts.Conceal != nil && len(name) > 0 && c.opts.Conceal(name)
}

// typeNameText is how a problem shows an unknown type name: quoted when
// it looks like one, by fingerprint when it is a secret, else not at all
// (any other string might be something that must not be printed).
func (c *eventChecker) typeNameText(name []byte) string {
	if c.concealed(name) {
		return " (a secret-like name, fingerprint " + fingerprint(name) + ")"
	}
	return quoteTypeName(name)
}

// unknownField reports the unknown field key of the object at parent,
// described as where ("a text event", "block").
func (c *eventChecker) unknownField(parent string, key []byte, where string) {
	if c.concealed(key) {
		fp := fingerprint(key)
		c.emitAt(RuleUnknownField, parent, []byte("[fingerprint "+fp+"]"),
			"unknown field with a secret-like name (fingerprint "+fp+") in "+where)
		return
	}
	c.emitAt(RuleUnknownField, parent, key, "unknown field "+strconv.Quote(string(key))+" in "+where)
}
