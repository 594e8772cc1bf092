package rewrite

import (
	"errors"
	"fmt"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
)

// UpgradeOptions are the choices of zsj upgrade.
type UpgradeOptions struct {
	To int // the schema version lines are rewritten to: 1 or 2
	Flags
	DryRun bool // write nothing; say per file what would change
	Check  bool // write nothing; fail if anything would change
	Strict bool // write nothing of a file with a line that cannot be upgraded
}

// Validate rejects flag combinations that cannot mean anything sensible.
func (o *UpgradeOptions) Validate(args []string) error {
	switch {
	case o.To != 1 && o.To != 2:
		return fmt.Errorf("--to must be 1 or 2, not %d", o.To)
	case o.DryRun && o.Check:
		return errors.New("--dry-run and --check cannot be used together")
	case (o.DryRun || o.Check) && o.Writes():
		return errors.New("--dry-run and --check write nothing: they cannot be used with -i or -o")
	}
	return o.Flags.Validate(args)
}

// Upgrade is zsj upgrade: it rewrites the inputs named by args to
// schema version opts.To, reports on io.ErrOut the lines it has to keep
// as they are, and returns the exit status as an error.
func Upgrade(io *term.IO, args []string, opts UpgradeOptions) error {
	c, err := start(io, opts.Flags, args)
	if err != nil {
		return err
	}
	mode := opts.Mode(opts.DryRun || opts.Check)
	out := newUpgradeOutput(c, opts, mode)
	stats, err := c.run(func() Transform { return upgradeTransform(opts.To) }, mode, opts.Strict, out.problem, out.file, deltaMakers{})
	out.bar.Clear() // off the screen before the summary
	if err != nil {
		return err // the output failed; a closed pipe ends quietly
	}
	summary := ""
	if mode != Stdout || out.problems > 0 || c.failed(stats) > 0 {
		summary = out.summary(stats, c.failed(stats))
	}
	return c.end(stats, summary, out.problems > 0 || opts.Check && stats.FilesChanged > 0)
}

// upgradeTransform rewrites lines to version to and reports the ones it
// has to keep as they are.
func upgradeTransform(to int) Transform {
	u := protocol.Upgrader{To: to}
	return func(line input.Line, dst []byte) ([]byte, bool, []protocol.Problem) {
		out, res := u.Line(line.Text, dst)
		switch res.Status {
		case protocol.Changed:
			return out, true, nil
		case protocol.Unchanged:
			return out, false, nil
		}
		rule, msg := res.Rule, res.Message
		if res.EOF && len(line.EOL) == 0 {
			rule, msg = protocol.RuleTruncatedLine, truncatedLine
		}
		if res.Status == protocol.Invalid {
			msg += "; kept as it is"
		}
		return out, false, []protocol.Problem{{Line: line.Num, Path: res.Path, Rule: rule, Severity: protocol.Error, Message: msg}}
	}
}
