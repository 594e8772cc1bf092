package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/zsj-dev/zsj/internal/interrupt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

// ParquetOptions say what zsj export --to parquet reads and where it
// writes.
type ParquetOptions struct {
	// IO holds the streams: standard input for the source "-", read
	// errors and the summary on ErrOut.
	IO *term.IO
	// Sources are the logs, as input.Expand returns them; Unreadable are
	// those that could not be opened, reported before the others are read.
	Sources    []input.Source
	Unreadable []error
	// Dir is the directory made; it must not exist, or be empty.
	Dir        string
	Cumulative bool // usage events are running totals (see usage.Options)
	// RowGroupBytes ends a row group once its rows hold this many bytes
	// of log (0: DefaultRowGroupBytes); MaxOpenPartitions bounds the
	// partitions of a table open at once (0: DefaultMaxOpenPartitions).
	// Together they bound memory.
	RowGroupBytes     int
	MaxOpenPartitions int
	// Version is written in each file's created_by.
	Version string
}

// The defaults of ParquetOptions.
const (
	DefaultRowGroupBytes     = 16 << 20
	DefaultMaxOpenPartitions = 4
)

// ToParquet writes the tables of the logs into opts.Dir. The directory
// appears whole or not at all: the files are written into a temporary
// directory beside it, renamed to opts.Dir once complete. The error
// carries the exit status (see package exitcode): a silent Failure when an
// input could not be read (the others are exported).
func ToParquet(opts ParquetOptions) error {
	if err := checkTarget(opts.Dir); err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(opts.Dir))
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(opts.Dir)+".tmp-")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	done := false
	forget := interrupt.OnForcedExit(func() { os.RemoveAll(tmp) })
	defer func() {
		forget()
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	defer limitMemory(memoryLimit)()
	w := newParquetSink(tmp, opts)
	failed := false
	onFail := func(err error) {
		term.PrintError(opts.IO.ErrOut, err)
		failed = true
	}
	for _, err := range opts.Unreadable {
		onFail(err)
	}
	walk := newWalker(w, opts.Cumulative)
	err = walk.walk(opts.Sources, opts.IO.In, onFail)
	if err == nil && interrupt.Requested() {
		// Ctrl-C stops the reading early: what was read is not the
		// export asked for, and DIR must appear only complete.
		err = interrupt.ErrInterrupted
	}
	if err == nil {
		err = w.close()
	} else if errors.Is(err, errWriting) {
		err = w.out.wait()
	}
	if err != nil {
		w.abort()
		return err
	}
	if err := writeManifest(tmp); err != nil {
		return err
	}
	if err := syncDir(tmp); err != nil {
		return err
	}
	// An empty directory gives way (os.Remove takes only an empty one);
	// rename does not replace a directory.
	if err := os.Remove(opts.Dir); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("export: %w", err)
	}
	if err := os.Rename(tmp, opts.Dir); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	done = true
	syncDir(parent)
	fmt.Fprintf(opts.IO.ErrOut, "zsj: exported %d runs, %d events, %d tool calls, %d usage events, %d problems to %s (%d files)\n",
		walk.Runs, w.events.Rows, walk.ToolCalls, walk.UsageEvents, walk.Problems, opts.Dir, w.files())
	if failed {
		return exitcode.Silent(exitcode.Failure)
	}
	return nil
}

// memoryLimit is the heap the garbage collector keeps the export under,
// unless GOMEMLIMIT says otherwise: what an export holds live (the row
// groups being filled, a compressor per column) is some 60 MB, and the
// collector's default, twice the live heap, would take the process well
// past it while it allocates little.
const memoryLimit = 100 << 20

// limitMemory sets a soft memory limit when none is set, and returns
// what puts the old one back.
func limitMemory(limit int64) (restore func()) {
	old := debug.SetMemoryLimit(-1)
	if old != math.MaxInt64 || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(old) }
}

// checkTarget refuses a directory that holds anything: an export never
// mixes with older files.
func checkTarget(dir string) error {
	f, err := os.Open(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer f.Close()
	if _, err := f.Readdirnames(1); err != io.EOF {
		if err != nil {
			return fmt.Errorf("export: %s: %w", dir, err)
		}
		return exitcode.Newf(exitcode.Usage, "export: %s exists and is not empty: give a new directory", dir)
	}
	return nil
}

// ManifestName is the file in DIR that names the schema version; the
// leading underscore makes Spark, Hive and globs of *.parquet skip it.
const ManifestName = "_zsj_export.json"

func writeManifest(dir string) error {
	b, _ := json.MarshalIndent(map[string]any{"schema": SchemaVersion, "tables": Tables, "partitioning": "day"}, "", "  ")
	return os.WriteFile(filepath.Join(dir, ManifestName), append(b, '\n'), 0o644)
}

func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	f.Sync() // not every file system syncs directories; the rename is what counts
	return nil
}

// parquetSink writes rows into the five tables.
type parquetSink struct {
	out      *writer
	runs     *table[RunRow]
	events   *table[EventRow]
	calls    *table[ToolCallRow]
	usages   *table[UsageRow]
	problems *table[ProblemRow]
}

func newParquetSink(root string, opts ParquetOptions) *parquetSink {
	groupBytes := opts.RowGroupBytes
	if groupBytes <= 0 {
		groupBytes = DefaultRowGroupBytes
	}
	maxOpen := opts.MaxOpenPartitions
	if maxOpen <= 0 {
		maxOpen = DefaultMaxOpenPartitions
	}
	options := []parquet.WriterOption{
		parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}),
		parquet.KeyValueMetadata(MetadataKey, SchemaVersion),
		parquet.CreatedBy("zsj", opts.Version, ""),
		// The bounds of a page of whole lines say nothing, and the
		// writer would keep them for the file's footer.
		parquet.SkipPageBounds("raw"),
	}
	const small = 64 // bytes: a row of counts and names
	out := newWriter()
	s := &parquetSink{
		out:      out,
		runs:     newTable(out, root, "runs", groupBytes, maxOpen, options, func(*RunRow) int { return small }),
		events:   newTable(out, root, "events", groupBytes, maxOpen, options, func(r *EventRow) int { return small + len(r.Raw) }),
		calls:    newTable(out, root, "tool_calls", groupBytes, maxOpen, options, func(*ToolCallRow) int { return small }),
		usages:   newTable(out, root, "usage", groupBytes, maxOpen, options, func(*UsageRow) int { return small }),
		problems: newTable(out, root, "problems", groupBytes, maxOpen, options, func(r *ProblemRow) int { return small + len(r.Message) }),
	}
	s.events.keep = func(r EventRow, arena []byte) (EventRow, []byte) {
		if r.Raw != nil {
			start := len(arena)
			arena = append(arena, r.Raw...)
			r.Raw = arena[start:len(arena):len(arena)]
		}
		return r, arena
	}
	return s
}

func (s *parquetSink) run(r *RunRow) error           { return s.runs.add(r.Day, r) }
func (s *parquetSink) event(r *EventRow) error       { return s.events.add(r.Day, r) }
func (s *parquetSink) toolCall(r *ToolCallRow) error { return s.calls.add(r.Day, r) }
func (s *parquetSink) usage(r *UsageRow) error       { return s.usages.add(r.Day, r) }
func (s *parquetSink) problem(r *ProblemRow) error   { return s.problems.add(r.Day, r) }

// close finishes every file; abort must follow a failure.
func (s *parquetSink) close() error {
	err := errors.Join(s.runs.close(), s.events.close(), s.calls.close(), s.usages.close(), s.problems.close())
	if werr := s.out.wait(); werr != nil {
		return werr // the cause of errWriting, if that is err
	}
	return err
}

// abort stops the writes and closes the files of a failed export.
func (s *parquetSink) abort() {
	s.out.wait()
	s.runs.abort()
	s.events.abort()
	s.calls.abort()
	s.usages.abort()
	s.problems.abort()
}

func (s *parquetSink) files() int {
	return s.runs.Files + s.events.Files + s.calls.Files + s.usages.Files + s.problems.Files
}
