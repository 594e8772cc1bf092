package replay

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ShimName is the file a shim directory holds: a client that runs "zero"
// from its PATH finds it there.
const ShimName = "zero"

// ZeroExecFlag is the hidden replay flag the shim passes: the arguments
// after "--" are a zero command line to act on.
const ZeroExecFlag = "as-zero-exec"

// WriteShim writes DIR/zero, a shell script that runs self (the zsj
// binary, by absolute path) as 'zsj replay --as-zero-exec REPLAYARGS --
// ZEROARGS'. replayArgs are passed as they are, each quoted for the shell,
// so they must already hold absolute paths. The directory is created if
// needed; the script is replaced atomically, so a client starting while a
// test rewrites it runs the old or the new one, never half of one.
func WriteShim(dir, self string, replayArgs []string) (string, error) {
	if !filepath.IsAbs(self) {
		return "", fmt.Errorf("the zsj binary path %q is not absolute", self)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, ShimName)
	tmp, err := os.CreateTemp(dir, "."+ShimName+".tmp*")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	_, err = tmp.WriteString(shimScript(self, replayArgs))
	if err == nil {
		err = tmp.Chmod(0o755)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return "", err
	}
	return path, nil
}

// shimScript is the text of the shim. exec replaces the shell, so the
// client's child process is zsj itself: signals and exit codes reach the
// client as they would from Zero.
func shimScript(self string, replayArgs []string) string {
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	b.WriteString("# Stands in for Zero: written by 'zsj replay --shim'. It answers\n")
	b.WriteString("# 'zero exec ...' by replaying a recorded fixture.\n")
	b.WriteString("exec " + shellQuote(self) + " replay --" + ZeroExecFlag)
	for _, a := range replayArgs {
		b.WriteString(" " + shellQuote(a))
	}
	b.WriteString(` -- "$@"` + "\n")
	return b.String()
}

// shellQuote quotes s for sh: inside single quotes nothing is special,
// and a single quote ends the quoting, is escaped, and starts it again.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
