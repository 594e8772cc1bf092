package main

import "github.com/zsj-dev/zsj/internal/input"

// expandInputs expands the path arguments of a command. A second "-" is a
// mistake on the command line (a usage error); paths that cannot be read
// are returned in unreadable so the command can report them and go on.
func expandInputs(args []string) (sources []input.Source, unreadable []error, err error) {
	sources, unreadable, err = input.ExpandArgs(args)
	if err != nil {
		return nil, nil, usageError(err)
	}
	return sources, unreadable, nil
}
