package gen

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/internal/exitcode"
)

// Command is zsj gen's command line: the Options, with the two flags
// that are text until checked.
type Command struct {
	Options
	Profile string // --profile: output-heavy, chatty, mixed or realistic
	Size    string // --size, e.g. 500MB; "" writes Options.Runs runs
}

// Run checks the flags against each other (a mistake is a usage error)
// and writes the logs to w, through a large buffer. With the realistic
// profile it says on stderr which content tree it shows.
func (c *Command) Run(w, stderr io.Writer) error {
	opts, err := c.options()
	if err != nil {
		return exitcode.New(exitcode.Usage, err)
	}
	if opts.Profile == Realistic && !opts.Input {
		if opts.Content == "" {
			if opts.Content, err = GoRoot(); err != nil {
				return err
			}
		}
		opts.OnContent = func(root string, files int) {
			fmt.Fprintf(stderr, "zsj: content: %s (%d files indexed)\n", root, files)
		}
	}
	out := bufio.NewWriterSize(w, 1<<20)
	if err := Write(out, opts); err != nil {
		return err
	}
	return out.Flush()
}

func (c *Command) options() (Options, error) {
	opts := c.Options
	profile, err := english.Choose("--profile", c.Profile, AllProfiles)
	if err != nil {
		return opts, err
	}
	opts.Profile = profile
	if opts.Content != "" && profile != Realistic {
		return opts, fmt.Errorf("--content is shown by --profile realistic only, not %s", profile)
	}
	if opts.SchemaVersion != 1 && opts.SchemaVersion != 2 {
		return opts, fmt.Errorf("--schema-version must be 1 or 2, not %d", opts.SchemaVersion)
	}
	if opts.Runs < 1 && c.Size == "" {
		return opts, fmt.Errorf("--runs must be at least 1, not %d", opts.Runs)
	}
	if c.Size != "" {
		n, err := ParseSize(c.Size)
		if err != nil {
			return opts, fmt.Errorf("--size: %w", err)
		}
		opts.Size = max(n, 1)
	}
	if opts.Input && opts.Faults {
		return opts, errors.New("--faults and --input cannot be combined: faults are planted in output events")
	}
	return opts, nil
}
