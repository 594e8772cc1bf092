package protocol

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// Problems quote the names they are about, but a name is whatever the
// producer wrote: an event type or a field name may be a credential
// pasted in the wrong place, and nothing zsj prints may hold one. A name
// that Options.Conceal flags (or, without it, that looks like a
// credential) is named by its fingerprint instead, the
// first 8 hex digits of its SHA-256, as zsj redact names the secrets it
// finds, so the two reports can be matched up.

// fingerprint names a value without revealing it.
func fingerprint(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:4])
}

// concealed reports whether name must not be printed: what
// Options.Conceal says, or without it, whether the name looks like a
// credential rather than a name (see credentialLike).
func (c *eventChecker) concealed(name []byte) bool {
	if c.opts.Conceal != nil {
		return len(name) > 0 && c.opts.Conceal(name)
	}
	return credentialLike(name)
}

// credentialLike: 16 or more bytes that mix letters and digits, as
// tokens do and names seldom do ("ghp_" and 36 more, "sk-proj-..."), or
// more than 64 bytes, longer than any name.
func credentialLike(name []byte) bool {
	if len(name) > 64 {
		return true
	}
	if len(name) < 16 {
		return false
	}
	letters, digits := 0, 0
	for _, b := range name {
		switch {
		case b >= '0' && b <= '9':
			digits++
		case b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z':
			letters++
		}
	}
	return letters >= 4 && digits >= 4
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
