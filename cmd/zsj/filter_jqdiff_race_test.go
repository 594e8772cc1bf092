//go:build race

package main

// raceDetector: the tests run with -race. The differential suite, which
// compares outputs and has no concurrency of its own to check, is then
// skipped: it would add most of a minute to CI's race run.
const raceDetector = true
