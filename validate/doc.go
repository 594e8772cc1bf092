// Package validate checks Zero stream-json logs against the protocol the
// way zsj validate does: every line of every input is checked on its own,
// on all cores, and the results are applied to one validator per file in
// input order (package protocol holds the rules; this package runs them
// over many inputs, prints the report and decides the exit status).
//
// The search for unredacted secrets in output events is a stage given to
// the engine (Options.Secrets), so that the rules that recognise a secret
// (package redact's) stay out of this package and tests can give their
// own.
package validate
