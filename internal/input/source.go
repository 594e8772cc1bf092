// Package input is how every zsj command reads its inputs, the one line
// pipeline: it turns command line arguments into named sources (files,
// directories, stdin), opens them with transparent gzip/zstd
// decompression, and splits them into lines of any length, numbered within
// their source.
//
// Lines are read in one of three ways:
//   - a Reader hands out the lines of one stream one at a time (Stream.Lines),
//     for commands that do little per line;
//   - an Ordered run reads many sources into chunks of whole lines, works on
//     them on all cores, and takes the results back in input order, in parts
//     as they come if they are large; Lines is one such run over a single
//     stream, batch by batch;
//   - a Scanner hands out the lines of many sources one after another while
//     a goroutine reads ahead, for work where a line depends on the ones
//     before it.
//
// The ordered runs and the Scanner report sources that cannot be opened or
// read, naming the file and line, through one callback, at their place in
// the order. One splitter (split.go) cuts lines for all of them.
//
// It reads bytes and lines; it does not parse JSON or know the protocol.
package input

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// StdinName is how standard input is named in messages.
const StdinName = "<stdin>"

// Source is one input named on the command line or found in a directory.
type Source struct {
	Name     string // shown in messages: the path as given/found, or "<stdin>"
	Path     string // "" for standard input
	Explicit bool   // named on the command line (not found by walking)
}

// IsStdin reports whether s is standard input.
func (s Source) IsStdin() bool { return s.Path == "" }

var stdinSource = Source{Name: StdinName, Explicit: true}

// ErrStdinTwice is reported for a second "-": stdin can be read only once,
// and silently reading it as empty the second time would hide the mistake.
var ErrStdinTwice = errors.New(`"-" (stdin) given more than once: stdin can be read only once`)

// Expand turns command-line arguments into sources. No argument means
// stdin; "-" is stdin (given twice: an error, stdin can be read once).
// A directory is walked recursively in a stable (lexical) order, taking
// regular files whose names end in .jsonl or .ndjson, optionally followed by
// .gz or .zst. Symlinks met while walking are not followed (skipped).
// Explicitly named files are always taken, whatever their name (a symlink
// named explicitly is followed). A path that does not exist or cannot be
// walked gives an error in errs (message like "open PATH: no such file or
// directory" — name the path), and the other arguments are still expanded.
//
// A file is taken once, at its first occurrence, however often it is
// named: directly and through its folder, as ./a and a, through a symlink
// named explicitly, or as another hard link to it (the same file by
// os.SameFile).
//
// Standard input counts as explicit. Within a directory, entries are taken
// in the byte order of their names, a subdirectory's files at the place of
// the subdirectory's name (the order of filepath.WalkDir).
func Expand(args []string) (sources []Source, errs []error) {
	if len(args) == 0 {
		return []Source{stdinSource}, nil
	}
	sawStdin := false
	var seen seenFiles
	for _, arg := range args {
		if arg == "-" {
			if sawStdin {
				errs = append(errs, ErrStdinTwice)
				continue
			}
			sawStdin = true
			sources = append(sources, stdinSource)
			continue
		}
		info, err := os.Stat(arg) // follows a symlink named explicitly
		if err != nil {
			errs = append(errs, asOpenError(arg, err))
			continue
		}
		if !info.IsDir() {
			if seen.add(info) {
				sources = append(sources, Source{Name: arg, Path: arg, Explicit: true})
			}
			continue
		}
		sources, errs = walk(arg, &seen, sources, errs)
	}
	return sources, errs
}

// asOpenError words a failed stat of an argument the way opening it would
// have failed, so the user sees the same message whichever step notices a
// missing or unreadable file first.
func asOpenError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: "open", Path: path, Err: pe.Err}
	}
	return err
}

// walk appends the log files under dir, recursively, to sources. A
// directory that cannot be read is reported and the walk goes on with the
// rest, like a missing argument.
func walk(dir string, seen *seenFiles, sources []Source, errs []error) ([]Source, []error) {
	entries, err := os.ReadDir(dir) // sorted by name; partial on error
	if err != nil {
		errs = append(errs, err)
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		switch t := e.Type(); {
		case t.IsDir():
			sources, errs = walk(path, seen, sources, errs)
		case t.IsRegular() && IsLogName(e.Name()):
			// A file that vanished since the listing is kept: opening it
			// reports that.
			if info, err := e.Info(); err != nil || seen.add(info) {
				sources = append(sources, Source{Name: path, Path: path})
			}
		}
		// Anything else is skipped: symlinks (they could loop or leave the
		// tree), devices, pipes, sockets, and files of other names.
	}
	return sources, errs
}

// logExtensions are the name endings of files taken from a directory, before
// an optional compression extension.
var logExtensions = []string{".jsonl", ".ndjson"}

// IsLogName reports whether a file of this name is taken when walking a
// directory: it ends in .jsonl or .ndjson, optionally followed by .gz or .zst.
func IsLogName(name string) bool {
	for _, c := range []string{".gz", ".zst"} {
		if base, ok := strings.CutSuffix(name, c); ok {
			name = base
			break
		}
	}
	for _, ext := range logExtensions {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}
