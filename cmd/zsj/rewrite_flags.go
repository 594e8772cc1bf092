package main

import (
	"errors"
	"strings"

	"github.com/spf13/pflag"

	"github.com/zsj-dev/zsj/internal/rewrite"
)

// rewriteFlags are the output modes of the commands that rewrite logs
// (upgrade, redact): standard output, -o FILE, or -i with --backup.
type rewriteFlags struct {
	output  string
	inPlace bool
	backup  string
}

// register adds the flags; result names what replaces each file ("its
// upgrade").
func (r *rewriteFlags) register(f *pflag.FlagSet, result string) {
	f.StringVarP(&r.output, "output", "o", "", "write to `FILE` (replaced atomically; gzip or zstd by its .gz or .zst name)")
	f.BoolVarP(&r.inPlace, "in-place", "i", false, "replace each file with "+result)
	f.StringVar(&r.backup, "backup", "", "with -i, keep each replaced file as its name + `SUFFIX`")
}

// writes reports whether any output mode was asked for, for the modes
// that write nothing (--check, --dry-run).
func (r *rewriteFlags) writes() bool { return r.inPlace || r.output != "" }

// validate rejects combinations of the output flags that mean nothing.
func (r *rewriteFlags) validate(args []string) error {
	switch {
	case r.inPlace && r.output != "":
		return errors.New("-o and -i cannot be used together")
	case r.backup != "" && !r.inPlace:
		return errors.New("--backup needs -i (--in-place)")
	case strings.ContainsAny(r.backup, `/\`):
		return errors.New("--backup is a suffix added to the file name, not a path")
	}
	if !r.inPlace {
		return nil
	}
	if len(args) == 0 {
		return errors.New("-i needs files or directories to rewrite; standard input has no file to replace")
	}
	for _, arg := range args {
		if arg == "-" {
			return errors.New(`-i cannot rewrite standard input ("-") in place`)
		}
	}
	return nil
}

// mode is the rewrite mode for these flags; noWrite is --check or
// --dry-run.
func (r *rewriteFlags) mode(noWrite bool) rewrite.Mode {
	switch {
	case noWrite:
		return rewrite.DryRun
	case r.inPlace:
		return rewrite.InPlace
	case r.output != "":
		return rewrite.OutputFile
	}
	return rewrite.Stdout
}
