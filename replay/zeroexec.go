package replay

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zsj-dev/zsj/internal/input"
)

// Exit codes of the stand-in for what it refuses before replaying.
const (
	zeroUsageExit        = 2 // a command line Zero would refuse
	invalidInputExit     = 2 // input events Zero would refuse (error invalid_input)
	unexpectedPromptExit = 1 // a prompt other than --expect-prompt (error unexpected_prompt)
)

// Error codes of the error events the stand-in writes itself.
const (
	CodeInvalidInput     = "invalid_input"
	CodeUnexpectedPrompt = "unexpected_prompt"
)

// ZeroExec stands in for 'zero exec': it reads and checks the client's
// input as Zero would, then replays a fixture as its answer.
type ZeroExec struct {
	Fixture string
	Options Options // how the fixture is replayed: pacing, faults, rewriting
	// ExpectPrompt, when HasExpect, is the prompt the client must send:
	// TEXT, or @FILE (see ExpectedPrompt).
	ExpectPrompt string
	HasExpect    bool
	// CaptureInput, when not "", is a file that receives the bytes the
	// client sent on stdin (or named with --file), as they came.
	CaptureInput string

	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Run acts on a zero command line (args after "zero") and returns the exit
// code Zero would end with. The error is a failure of the stand-in itself
// (an unreadable fixture, a capture file that cannot be written, a write
// to stdout that failed).
func (z *ZeroExec) Run(args []string) (int, error) {
	call, err := parseZeroArgs(args)
	var usage *zeroUsageError
	if errors.As(err, &usage) {
		fmt.Fprintf(z.Stderr, "zero: error: %s\n", usage.msg)
		return zeroUsageExit, nil
	}
	if call.version {
		_, err := fmt.Fprintln(z.Stdout, "zero (stand-in: zsj replay "+z.Fixture+")")
		return 0, err
	}
	head, err := peekFixture(z.Fixture)
	if err != nil {
		return 0, err
	}
	version := head.version
	if z.Options.AsVersion != 0 {
		version = z.Options.AsVersion
	}
	data, err := z.readInput(call)
	if err != nil {
		fmt.Fprintf(z.Stderr, "zero: error: %v\n", err)
		return zeroUsageExit, nil
	}
	if z.CaptureInput != "" {
		if err := os.WriteFile(z.CaptureInput, data, 0o644); err != nil {
			return 0, fmt.Errorf("--capture-input: %w", err)
		}
	}
	player, err := NewPlayer(z.Stdout, z.Options)
	if err != nil {
		return 0, err
	}
	prompt, problem := buildPrompt(call, data, version)
	if problem != "" {
		return invalidInputExit, player.FailRun(head.runStart, version, CodeInvalidInput, problem, invalidInputExit)
	}
	if z.HasExpect {
		want, err := ExpectedPrompt(z.ExpectPrompt)
		if err != nil {
			return 0, err
		}
		if at, differs := firstDifference(prompt, want); differs {
			fmt.Fprintf(z.Stderr, "zsj replay: the prompt differs from --expect-prompt at byte %d\n  got:  %s\n  want: %s\n",
				at, excerpt(prompt, at), excerpt(want, at))
			msg := fmt.Sprintf("the prompt differs from the one this fixture expects, from byte %d on", at)
			return unexpectedPromptExit, player.FailRun(head.runStart, version, CodeUnexpectedPrompt, msg, unexpectedPromptExit)
		}
	}
	s, err := OpenFixture(z.Fixture)
	if err != nil {
		return 0, err
	}
	defer s.Close()
	res, err := player.Play(s.Lines())
	var readErr *input.LineError
	if errors.As(err, &readErr) {
		err = input.ReadError(s.Source, err)
	}
	return res.ExitCode, err
}

// readInput reads what the client sends: the --file, or stdin when the
// input is events or there is no PROMPT argument. Like Zero, it reads to
// the end before answering. A prompt given only as an argument reads
// nothing, so a client that leaves stdin open is not kept waiting.
func (z *ZeroExec) readInput(call zeroCall) ([]byte, error) {
	if call.file != "" {
		return os.ReadFile(call.file)
	}
	if call.inputFormat == "text" && call.hasPrompt {
		return nil, nil
	}
	if z.Stdin == nil {
		return nil, nil
	}
	return io.ReadAll(z.Stdin)
}

// OpenFixture opens a fixture, gzip or zstd compressed or not.
func OpenFixture(path string) (*input.Stream, error) {
	return input.Open(input.Source{Name: path, Path: path, Explicit: true}, nil)
}

// ExpectedPrompt reads an --expect-prompt value: TEXT as it is, @FILE as
// the file's content without one final line end (editors add one), and
// @@TEXT as "@TEXT".
func ExpectedPrompt(v string) (string, error) {
	switch {
	case strings.HasPrefix(v, "@@"):
		return v[1:], nil
	case strings.HasPrefix(v, "@"):
		b, err := os.ReadFile(v[1:])
		if err != nil {
			return "", fmt.Errorf("--expect-prompt: %w", err)
		}
		s := strings.TrimSuffix(string(b), "\n")
		return strings.TrimSuffix(s, "\r"), nil
	}
	return v, nil
}

// firstDifference is the byte offset where got and want part; differs is
// false when they are equal.
func firstDifference(got, want string) (at int, differs bool) {
	if got == want {
		return 0, false
	}
	for at < len(got) && at < len(want) && got[at] == want[at] {
		at++
	}
	return at, true
}

// excerpt shows s around byte at, quoted, so a test author sees where a
// long prompt went wrong.
func excerpt(s string, at int) string {
	const around = 30 // bytes
	start, end := max(0, at-around), min(len(s), at+around)
	q := fmt.Sprintf("%q", s[start:end])
	if start > 0 {
		q = "…" + q
	}
	if end < len(s) {
		q += "…"
	}
	return q
}
