package export

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"
)

// table writes the rows of one table into day partitions:
// DIR/NAME/day=YYYY-MM-DD/part-NNNN.parquet. Memory stays flat: each open
// partition buffers at most one row group, flushed once its rows reach
// rowGroupBytes, and at most maxOpen partitions are open at once; the one
// used least recently is closed (its file finished) to open another, and
// a day seen again later gets its next part file.
type table[T any] struct {
	out           *writer // runs the writes, in order
	dir           string
	options       []parquet.WriterOption
	rowGroupBytes int
	maxOpen       int
	// size estimates a row's bytes; keep copies the bytes a row points to
	// that are valid only during the call into arena, and returns the row.
	size func(*T) int
	keep func(row T, arena []byte) (T, []byte)

	open  map[string]*part[T]
	spare chan batch[T]  // batches written, to fill again
	parts map[string]int // part files made per day
	clock int64
	Files int
	Rows  int64
}

// part is one open partition file. The file and w belong to the
// writer's goroutine once the part is made.
type part[T any] struct {
	file *os.File
	buf  *bufio.Writer
	w    *parquet.GenericWriter[T]
	batch[T]
	pending int   // bytes of rows
	group   int   // bytes in w's current row group
	used    int64 // clock at last use
}

// batch is rows not yet handed to the parquet writer, and the bytes they
// point to.
type batch[T any] struct {
	rows  []T
	arena []byte
}

// createFile makes a partition file; a seam for tests of failed writes.
var createFile = os.Create

// rowBatch is how many rows are handed to the parquet writer at once, and
// batchBytes the most bytes such a batch holds.
const (
	rowBatch   = 512
	batchBytes = 1 << 20
)

func newTable[T any](out *writer, root, name string, rowGroupBytes, maxOpen int, options []parquet.WriterOption, size func(*T) int) *table[T] {
	return &table[T]{
		out: out, spare: make(chan batch[T], queuedJobs+1),
		dir: filepath.Join(root, name), options: options,
		rowGroupBytes: rowGroupBytes, maxOpen: maxOpen, size: size,
		open: make(map[string]*part[T]), parts: make(map[string]int),
	}
}

func (t *table[T]) add(day string, row *T) error {
	p := t.open[day]
	if p == nil {
		var err error
		if p, err = t.openPart(day); err != nil {
			return err
		}
	}
	t.clock++
	p.used = t.clock
	t.Rows++
	n := t.size(row)
	r := *row
	if t.keep != nil {
		r, p.arena = t.keep(r, p.arena)
	}
	p.rows = append(p.rows, r)
	p.pending += n
	if len(p.rows) >= rowBatch || p.pending >= batchBytes || p.group+p.pending >= t.rowGroupBytes {
		return t.drain(p)
	}
	return nil
}

// drain hands the buffered rows to the parquet writer, and ends the row
// group when it is full.
func (t *table[T]) drain(p *part[T]) error {
	b := p.batch
	select {
	case p.batch = <-t.spare:
	default:
		p.batch = batch[T]{}
	}
	p.group += p.pending
	p.pending = 0
	flush := p.group >= t.rowGroupBytes
	if flush {
		p.group = 0
	}
	w, name := p.w, p.file.Name()
	return t.out.do(func() error {
		if len(b.rows) > 0 {
			if _, err := w.Write(b.rows); err != nil {
				return fmt.Errorf("write %s: %w", name, err)
			}
		}
		if flush {
			if err := w.Flush(); err != nil {
				return fmt.Errorf("write %s: %w", name, err)
			}
		}
		clear(b.rows)
		select {
		case t.spare <- batch[T]{rows: b.rows[:0], arena: b.arena[:0]}:
		default:
		}
		return nil
	})
}

func (t *table[T]) openPart(day string) (*part[T], error) {
	if len(t.open) >= t.maxOpen {
		if err := t.closeOldest(); err != nil {
			return nil, err
		}
	}
	dir := filepath.Join(t.dir, "day="+day)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	n := t.parts[day]
	t.parts[day] = n + 1
	f, err := createFile(filepath.Join(dir, fmt.Sprintf("part-%04d.parquet", n)))
	if err != nil {
		return nil, err
	}
	t.Files++
	buf := bufio.NewWriterSize(f, 256<<10)
	p := &part[T]{file: f, buf: buf, w: parquet.NewGenericWriter[T](buf, t.options...)}
	t.open[day] = p
	return p, nil
}

func (t *table[T]) closeOldest() error {
	oldest := ""
	for day, p := range t.open {
		if oldest == "" || p.used < t.open[oldest].used {
			oldest = day
		}
	}
	return t.closePart(oldest)
}

func (t *table[T]) closePart(day string) error {
	p := t.open[day]
	delete(t.open, day)
	if err := t.drain(p); err != nil {
		return err
	}
	return t.out.do(func() error {
		err := p.w.Close()
		if err == nil {
			err = p.buf.Flush()
		}
		if err == nil {
			err = p.file.Sync()
		}
		if cerr := p.file.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("write %s: %w", p.file.Name(), err)
		}
		return nil
	})
}

// close finishes every open partition. A table without rows gets one
// empty file, so that a query of it finds a table, not an error.
func (t *table[T]) close() error {
	if t.Files == 0 {
		if _, err := t.openPart(UnknownDay); err != nil {
			return err
		}
	}
	var first error
	for day := range t.open {
		if err := t.closePart(day); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// abort closes the open files, for a failed export whose files are
// removed; the writer must be done.
func (t *table[T]) abort() {
	for _, p := range t.open {
		p.file.Close()
	}
	t.open = nil
}
