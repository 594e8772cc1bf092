package rewrite

import (
	"errors"
	"strings"

	"github.com/spf13/pflag"
)

// Flags are the output flags of the commands that rewrite logs (upgrade,
// redact): standard output, -o FILE, or -i with --backup.
type Flags struct {
	Output  string
	InPlace bool
	Backup  string
}

// Register adds the flags; result names what replaces each file ("its
// upgrade").
func (r *Flags) Register(f *pflag.FlagSet, result string) {
	f.StringVarP(&r.Output, "output", "o", "", "write to `FILE` (replaced atomically; gzip or zstd by its .gz or .zst name)")
	f.BoolVarP(&r.InPlace, "in-place", "i", false, "replace each file with "+result)
	f.StringVar(&r.Backup, "backup", "", "with -i, keep each replaced file as its name + `SUFFIX`")
}

// Writes reports whether any output mode was asked for, for the modes
// that write nothing (--check, --dry-run).
func (r *Flags) Writes() bool { return r.InPlace || r.Output != "" }

// Validate rejects combinations of the output flags that mean nothing.
func (r *Flags) Validate(args []string) error {
	switch {
	case r.InPlace && r.Output != "":
		return errors.New("-o and -i cannot be used together")
	case r.Backup != "" && !r.InPlace:
		return errors.New("--backup needs -i (--in-place)")
	case strings.ContainsAny(r.Backup, `/\`):
		return errors.New("--backup is a suffix added to the file name, not a path")
	}
	if !r.InPlace {
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

// Mode is the rewrite mode for these flags; noWrite is --check or
// --dry-run.
func (r *Flags) Mode(noWrite bool) Mode {
	switch {
	case noWrite:
		return DryRun
	case r.InPlace:
		return InPlace
	case r.Output != "":
		return OutputFile
	}
	return Stdout
}
