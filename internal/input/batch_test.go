package input

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestLinesInOrder: whatever the number of workers and the sizes of the
// lines, emit sees every line once, in order, byte for byte.
func TestLinesInOrder(t *testing.T) {
	var src strings.Builder
	for i := 0; i < 20000; i++ {
		size := 10 + (i*7919)%300
		if i%5000 == 17 {
			size = 1 << 20 // lines larger than the reader's first buffer
		}
		fmt.Fprintf(&src, "%d %s", i, strings.Repeat("x", size))
		if i%3 == 0 {
			src.WriteString("\r\n")
		} else {
			src.WriteString("\n")
		}
	}
	src.WriteString("last line without newline")
	want := src.String()

	for _, workers := range []int{1, 2, 7} {
		for name, lines := range linesFuncs {
			t.Run(fmt.Sprint(name, ", ", workers, " workers"), func(t *testing.T) {
				var got bytes.Buffer
				var worked atomic.Int64
				next := 1
				err := lines(NewReader(strings.NewReader(want)), workers,
					func(worker int, b *Batch) {
						if worker < 0 || worker >= workers {
							t.Errorf("worker index %d", worker)
						}
						worked.Add(int64(len(b.Lines)))
						b.Out = len(b.Lines)
					},
					func(b *Batch) error {
						if b.Out.(int) != len(b.Lines) {
							t.Errorf("batch result does not belong to the batch")
						}
						for _, l := range b.Lines {
							if l.Num != next {
								t.Fatalf("line %d came as number %d", next, l.Num)
							}
							next++
							got.Write(l.Text)
							got.Write(l.EOL)
						}
						return b.Err
					})
				if err != nil {
					t.Fatal(err)
				}
				if got.String() != want {
					t.Fatalf("output differs from input (%d vs %d bytes)", got.Len(), len(want))
				}
				if worked.Load() != int64(next-1) {
					t.Errorf("work saw %d lines, emit %d", worked.Load(), next-1)
				}
			})
		}
	}
}

// linesFuncs are the two ways of running Lines: emit on the caller's
// goroutine, and on the workers.
var linesFuncs = map[string]func(*Reader, int, func(int, *Batch), func(*Batch) error) error{
	"Lines":          Lines,
	"LinesOnWorkers": LinesOnWorkers,
}

// TestEmitErrorStops: an error from emit (a closed stdout) is returned and
// the reading stops without deadlock; the input is not read once Lines
// has returned.
func TestEmitErrorStops(t *testing.T) {
	src := strings.Repeat(strings.Repeat("y", 100)+"\n", 200000)
	for name, lines := range linesFuncs {
		stop := errors.New("reader went away")
		batches := 0
		var returned atomic.Bool
		in := strings.NewReader(src)
		r := NewReader(readerFunc(func(p []byte) (int, error) {
			defer func() {
				if returned.Load() {
					t.Errorf("%s: the input read after Lines returned", name)
				}
			}()
			time.Sleep(time.Millisecond) // a read still going on when emit fails
			return in.Read(p)
		}))
		err := lines(r, 2,
			func(int, *Batch) {},
			func(b *Batch) error {
				batches++
				return stop
			})
		returned.Store(true)
		if !errors.Is(err, stop) {
			t.Fatalf("%s: got %v, want the emit error", name, err)
		}
		if batches != 1 {
			t.Errorf("%s: emit called %d times after it failed", name, batches)
		}
	}
}

// TestReadErrorInLastBatch: a read error reaches emit after the lines read
// before it.
func TestReadErrorInLastBatch(t *testing.T) {
	for name, run := range linesFuncs {
		broken := errors.New("disk on fire")
		r := NewReader(ioErrAfter("one\ntwo\n", broken))
		var lines []string
		var got error
		err := run(r, 2, func(int, *Batch) {}, func(b *Batch) error {
			for _, l := range b.Lines {
				lines = append(lines, string(l.Text))
			}
			if b.Err != nil {
				got = b.Err
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var le *LineError
		if strings.Join(lines, ",") != "one,two" || !errors.Is(got, broken) || !errors.As(got, &le) || le.Num != 3 {
			t.Fatalf("%s: lines %v, error %v", name, lines, got)
		}
	}
}

type errAfter struct {
	data []byte
	err  error
}

func ioErrAfter(data string, err error) *errAfter { return &errAfter{[]byte(data), err} }

func (e *errAfter) Read(p []byte) (int, error) {
	if len(e.data) == 0 {
		return 0, e.err
	}
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, nil
}
