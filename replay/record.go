package replay

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/input"
)

// Recording says what to record and where.
type Recording struct {
	Command []string // the program and its arguments
	Fixture string   // the fixture to write; its timing goes to TimingPath(Fixture)
	// Redact rewrites one line (without its line end) before it is saved;
	// nil saves lines as they came. What passes through to Stdout is never
	// changed.
	Redact func(line []byte) []byte

	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Now            func() time.Time // nil: time.Now
}

// Exit codes of record when the command cannot be run at all, as env,
// xargs and shells use them.
const (
	ExitCannotRun = 126 // found but not executable
	ExitNotFound  = 127
)

// readSize is how much of the command's output is read at once: whatever
// is there is passed on at once, so a client behind record sees no delay.
const readSize = 64 << 10 // bytes

// Record runs the command with stdin and stderr passed through and its
// stdout both passed through unchanged and saved, line by line, to the
// fixture, with the time each line arrived saved to the timing file. It
// returns the command's exit code (128+N after death by signal N).
// Interrupts and terminations sent to zsj are passed to the command, so a
// recording stopped with Ctrl-C is still saved. The fixture and its timing
// are replaced atomically once the command's output ends.
func Record(r Recording) (int, error) {
	if r.Now == nil {
		r.Now = time.Now
	}
	code := 0
	var offsets []time.Duration
	err := atomicfile.Write(r.Fixture, atomicfile.Options{}, func(fixture io.Writer) error {
		var err error
		code, offsets, err = run(r, fixture)
		return err
	})
	if err != nil {
		return code, err
	}
	err = atomicfile.Write(TimingPath(r.Fixture), atomicfile.Options{}, func(w io.Writer) error {
		return WriteTiming(w, offsets)
	})
	return code, err
}

// run starts the command and copies its output until it ends.
func run(r Recording, fixture io.Writer) (int, []time.Duration, error) {
	cmd := exec.Command(r.Command[0], r.Command[1:]...)
	cmd.Stdin, cmd.Stderr = r.Stdin, r.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, nil, err
	}
	start := r.Now()
	if err := cmd.Start(); err != nil {
		return startFailure(err), nil, err
	}
	stopForwarding := forwardSignals(cmd.Process)
	defer stopForwarding()

	rec := &lineRecorder{fixture: fixture, redact: r.Redact, since: func() time.Duration { return r.Now().Sub(start) }}
	buf := make([]byte, readSize)
	passing := true // until our own reader goes away
	var copyErr error
	for {
		n, err := out.Read(buf)
		if n > 0 {
			if passing {
				if _, werr := r.Stdout.Write(buf[:n]); werr != nil {
					passing = false // keep recording: the fixture is the point
				}
			}
			if copyErr == nil {
				copyErr = rec.feed(buf[:n])
			}
		}
		if err != nil {
			break // io.EOF, or the pipe closed under us
		}
	}
	if copyErr == nil {
		copyErr = rec.end()
	}
	waitErr := cmd.Wait()
	code := ExitCodeOf(cmd.ProcessState)
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) && copyErr == nil {
		copyErr = waitErr
	}
	return code, rec.offsets, copyErr
}

func startFailure(err error) int {
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) {
		return ExitNotFound
	}
	return ExitCannotRun
}

// forwardSignals passes interrupts, terminations and hangups to p until
// the returned function is called. The command may ignore them; record
// waits for it either way.
func forwardSignals(p *os.Process) (stop func()) {
	ch := make(chan os.Signal, 4)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for sig := range ch {
			_ = p.Signal(sig)
		}
	}()
	return func() {
		signal.Stop(ch)
		close(ch)
		<-done
	}
}

// lineRecorder cuts the output into lines, stamps each with the time its
// end arrived, and saves it (redacted) to the fixture.
type lineRecorder struct {
	fixture io.Writer
	redact  func([]byte) []byte
	since   func() time.Duration
	pending []byte // the start of a line whose end has not come yet
	offsets []time.Duration
	lines   int
	split   []input.Line // scratch for splitting one line
}

func (l *lineRecorder) feed(chunk []byte) error {
	now := l.since()
	for len(chunk) > 0 {
		i := bytes.IndexByte(chunk, '\n')
		if i < 0 {
			l.pending = append(l.pending, chunk...)
			return nil
		}
		line := chunk[:i+1]
		if len(l.pending) > 0 {
			line = append(l.pending, line...)
		}
		if err := l.save(line, now); err != nil {
			return err
		}
		l.pending = l.pending[:0]
		chunk = chunk[i+1:]
	}
	return nil
}

// end saves a last line that has no line end.
func (l *lineRecorder) end() error {
	if len(l.pending) == 0 {
		return nil
	}
	return l.save(l.pending, l.since())
}

// save writes one line, its line end kept as it came (\n, \r\n or none).
func (l *lineRecorder) save(line []byte, at time.Duration) error {
	l.lines++
	l.offsets = append(l.offsets, at)
	// One line, split as every reader of inputs splits it.
	l.split = input.SplitLines(line, l.lines, l.split[:0])
	prefix, text, eol := l.split[0].Prefix(), l.split[0].Text, l.split[0].EOL
	if l.redact != nil {
		text = l.redact(text)
	}
	for _, b := range [][]byte{prefix, text, eol} {
		if _, err := l.fixture.Write(b); err != nil {
			return fmt.Errorf("writing the fixture: %w", err)
		}
	}
	return nil
}
