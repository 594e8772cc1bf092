package validate

import "github.com/zsj-dev/zsj/protocol"

// A SecretFinder finds the strings of one line that look like secrets.
// Output events must be redacted (docs/PROTOCOL.md section 4 rule 9), so
// each string found is a warning, named by rule and path, never by the
// secret. Each worker has its own finder: it need not be safe for
// concurrent use.
type SecretFinder interface {
	// FindSecrets returns the secrets of line, a line of the log without
	// its line end; nil when there are none. shape is what the worker's
	// checker said of the line when it checked it (protocol.NoShape for
	// nothing): a finder may skip the bytes the line repeats of the one
	// that set a shape, or a long string it has found clean before.
	FindSecrets(line []byte, shape protocol.LineShape) []Secret
}

// A SecretNamer is a SecretFinder that also judges a bare name, such as
// an unknown event type or field name: a problem never quotes one that
// is a secret, it names it by fingerprint.
type SecretNamer interface {
	IsSecret(name []byte) bool
}

// Secret says where a secret is and what recognised it.
type Secret struct {
	Path string // the JSON path of the string, as in protocol.Problem
	Rule string // the name of the rule that matched
}

// searchSecrets reports whether the search for unredacted secrets can
// change what validate prints or returns. It costs as much as all the
// other checks together on logs of large tool outputs, and only ever
// warns: with Quiet and without Strict a warning is neither printed nor
// counted in the exit status, so the search is skipped, the way grep -q
// stops looking once the answer is known.
func searchSecrets(opts Options) bool {
	return opts.Secrets != nil && (!opts.Quiet || opts.Protocol.Strict)
}

// UsesSecretFinder reports whether Run with opts makes secret finders, so
// that a caller can get what they need ready beforehand: to search, and
// then also to judge names in problems (which are printed only without
// Quiet, when the search runs too).
func UsesSecretFinder(opts Options) bool { return searchSecrets(opts) }

// addSecrets adds a warning to c for each secret found in its line.
func addSecrets(c *protocol.Checked, secrets []Secret) {
	for _, s := range secrets {
		c.Add(protocol.RuleUnredactedSecret, s.Path, "string matches redaction rule "+s.Rule)
	}
}
