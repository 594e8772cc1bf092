// Package protocol is the model of Zero's stream-json protocol, the rules
// of docs/PROTOCOL.md made exact: the event types and their fields for
// schema versions 1 and 2, the checks of one line (JSON, fields, values)
// and of the lines of a run together, the stable rule codes and problems
// they report, the 1 <-> 2 upgrade of a line, and the JSON Schema of one
// event. It also holds the byte-level JSON scanning those checks need.
//
// It is not an I/O layer: it works on lines already read, never opens a
// file or decides how a problem is printed (internal/input and
// internal/report do), and it imports no other package of zsj, so
// anything may import it.
package protocol
