package protocol

// Problem is one thing wrong (or unusual) with a log, pinned to its place.
// Messages never quote string values from the log: they may be secrets.
type Problem struct {
	File     string // as given on the command line; "<stdin>" for standard input
	Line     int    // 1-based
	Type     string // the event type when known
	Path     string // JSON path of the field, such as $.block.risk.level; "" for the whole line
	Rule     string // a rule code from rules.go
	Severity Severity
	Message  string
}

// Options change what the validator accepts.
type Options struct {
	// Strict turns every warning into an error.
	Strict bool
	// Lenient turns unknown types and unknown fields into warnings.
	Lenient bool
	// SchemaVersion, when not 0, is the version every event must have;
	// otherwise the first event's version is the file's.
	SchemaVersion int
	// NoRunChecks checks each event on its own (section 4 is skipped).
	NoRunChecks bool
	// Conceal, when set, reports whether a name that a problem would
	// quote (an unknown event type or field name) is a value that must
	// not be printed, such as a credential; the problem then names it by
	// its fingerprint. It must be safe for concurrent use unless each
	// checker has its own Options. Without it, names that look like
	// credentials (letters and digits mixed, 16 bytes or more) are.
	Conceal func(name []byte) bool
}
