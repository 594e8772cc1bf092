// Package faults holds zsj's fault-injection suite, in its tests: the zsj
// binary is built and run as a user runs it, and killed, starved of disk,
// denied writes, fed broken or endless inputs, interrupted and cut off,
// to show that no fault loses data or leaves a file behind. Each case
// adds a row to the table in RELIABILITY.md at the repository's root
// (go test ./internal/faults -update rewrites it; without -update the
// rows of the cases that ran must match it).
//
// It holds no code of zsj's own.
package faults
