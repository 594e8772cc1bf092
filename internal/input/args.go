package input

import "errors"

// ExpandArgs is Expand for the arguments of a command: a second "-" is
// a mistake on the command line, returned as err (ErrStdinTwice) so the
// command can refuse before it reads or writes anything; paths that
// cannot be read come back in unreadable, for the command to report and
// go on with the others.
func ExpandArgs(args []string) (sources []Source, unreadable []error, err error) {
	sources, unreadable = Expand(args)
	for _, e := range unreadable {
		if errors.Is(e, ErrStdinTwice) {
			return nil, nil, e
		}
	}
	return sources, unreadable, nil
}
