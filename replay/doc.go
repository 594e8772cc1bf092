// Package replay plays recorded stream-json logs to a client as Zero
// would write them: pacing (a fixed delay, or the recorded timing),
// injected faults (split writes, cut or garbage lines, stalls, crashes by
// signal, exit codes), fresh ids and version conversion on the fly. It
// also records a command's output as a fixture with its timing, runs a
// client with a replay on its stdin, and writes the 'zero' stand-in script
// that answers 'zero exec' from a fixture. Command and Recording.Run are
// zsj replay and zsj record, from their flags to their exit status.
//
// It is a test double, not a client of the protocol: it does not check
// the events it plays (zsj validate does) beyond what a fault or the
// stand-in's input check needs.
package replay
