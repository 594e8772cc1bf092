package view

import (
	"io"
	"os"
	"sync"
	"sync/atomic"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/usage"
)

// Index finds the runs of many inputs and where each one's lines are. It
// is built by Build, typically in the background, while Snapshot hands
// what was found so far to the screen.
type Index struct {
	sources []input.Source
	cache   *cache

	mu      sync.Mutex
	closed  bool
	running sync.WaitGroup // a Build under way
	entries []*Entry
	errs    []error
	done    bool

	stop      atomic.Bool // Stop was called: Build returns soon
	filesDone atomic.Int64
	bytesRead atomic.Int64
}

// Progress is how far indexing has come.
type Progress struct {
	Files, FilesDone int
	Bytes            int64 // decompressed bytes read
	Runs             int
	Done             bool
	Errors           []error // inputs that could not be read, so far
}

// NewIndex returns an index of sources, not built yet. Compressed inputs
// are copied decompressed into a temporary folder under cacheDir (""
// for the system's), up to cacheLimit bytes in all; Close removes it.
func NewIndex(sources []input.Source, cacheDir string, cacheLimit int64) *Index {
	return &Index{sources: sources, cache: &cache{parent: cacheDir, limit: cacheLimit}}
}

// Stop makes Build return soon, with what it has found.
func (ix *Index) Stop() { ix.stop.Store(true) }

// Close stops a Build under way, waits for it, and removes the
// decompressed copies. A Build called after Close does nothing; pages of
// compressed inputs cannot be read after it.
func (ix *Index) Close() error {
	ix.mu.Lock()
	ix.closed = true
	ix.mu.Unlock()
	ix.Stop()
	ix.running.Wait()
	return ix.cache.close()
}

// Snapshot returns the entries found after the first from, and the
// progress.
func (ix *Index) Snapshot(from int) ([]*Entry, Progress) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	var fresh []*Entry
	if from < len(ix.entries) {
		fresh = append(fresh, ix.entries[from:]...)
	}
	return fresh, Progress{
		Files: len(ix.sources), FilesDone: int(ix.filesDone.Load()),
		Bytes: ix.bytesRead.Load(), Runs: len(ix.entries), Done: ix.done,
		Errors: append([]error(nil), ix.errs...),
	}
}

// segment is the byte range of one run's lines in one input, while the
// run is being read.
type segment struct {
	start, end int64
	line       int
}

// segKey names a segment as usage names its run: input, id, first line.
type segKey struct {
	file string
	id   string
	line int
}

// building is the state of one Build.
type building struct {
	ix      *Index
	col     *usage.Collector
	open    map[string]*segment // the segment each id's lines go to now, in the input being read
	pending map[segKey]*segment // segments whose run usage has not handed over yet
	files   map[string]fileInfo // by input name: where to read its runs
	current []*Entry            // runs of the input being read, complete
	lines   *input.Reader       // one buffer for all inputs
	members []protocol.Member
	order   int
}

type fileInfo struct {
	src        input.Source
	path       string
	seekable   bool
	compressed bool
	mtime      int64
}

// Build reads every input once. Errors reading an input are kept (see
// Progress.Errors) and the others are read on.
func (ix *Index) Build() {
	ix.mu.Lock()
	if ix.closed {
		ix.mu.Unlock()
		return
	}
	ix.running.Add(1)
	ix.mu.Unlock()
	defer ix.running.Done()
	b := &building{ix: ix, pending: map[segKey]*segment{}, files: map[string]fileInfo{}}
	b.col = usage.NewCollector(usage.Options{Details: true, Run: b.run})
	for _, src := range ix.sources {
		if ix.stop.Load() {
			break
		}
		if err := b.file(src); err != nil {
			ix.mu.Lock()
			ix.errs = append(ix.errs, err)
			ix.mu.Unlock()
		}
		ix.filesDone.Add(1)
	}
	// A collector that holds runs open across inputs (a log split in
	// two) hands the last of them over at its end.
	if ender, ok := any(b.col).(interface{ End() }); ok {
		ender.End()
	}
	ix.mu.Lock()
	ix.done = true
	ix.mu.Unlock()
}

// file indexes one input.
func (b *building) file(src input.Source) error {
	s, err := input.Open(src, nil)
	if err != nil {
		return err
	}
	defer s.Close()
	fi := fileInfo{src: src, path: src.Path, seekable: true}
	if info, err := os.Stat(src.Path); err == nil {
		fi.mtime = info.ModTime().Unix()
	}
	var r io.Reader = s
	var copy *cacheFile
	if s.Compression != input.None {
		fi.compressed, fi.seekable, fi.path = true, false, ""
		if copy = b.ix.cache.create(); copy != nil {
			r = io.TeeReader(s, copy)
		}
	}
	f := b.col.File(src.Name)
	b.open = map[string]*segment{}
	if b.lines == nil {
		b.lines = input.NewReader(r)
	} else {
		b.lines.Reset(r)
	}
	lines := b.lines
	var l input.Line
	var off, reported int64
	var readErr error
	for {
		err := lines.NextInto(&l)
		if err == io.EOF {
			break
		}
		if err != nil {
			readErr = input.ReadError(src, err)
			break
		}
		start := off
		off += int64(len(l.Prefix()) + len(l.Text) + len(l.EOL))
		f.Line(l.Num, l.Text, len(l.EOL) == 0)
		var id []byte
		if id, b.members = lineRunID(l.Text, b.members); id != nil {
			b.note(src.Name, id, start, off, l.Num)
		}
		if l.Num%1024 == 0 {
			b.ix.bytesRead.Add(off - reported)
			reported = off
			if b.ix.stop.Load() {
				break
			}
		}
	}
	b.ix.bytesRead.Add(off - reported)
	if copy != nil {
		fi.path, fi.seekable = copy.finish()
	}
	b.files[src.Name] = fi
	// Runs that ended inside the input are shown once it is read: only
	// then is its decompressed copy complete.
	for _, e := range b.current {
		e.Path, e.Seekable, e.Compressed, e.mtime, e.source = fi.path, fi.seekable, fi.compressed, fi.mtime, fi.src
	}
	b.publish(b.current...)
	b.current = b.current[:0]
	f.End()
	for id, seg := range b.open {
		b.pending[segKey{src.Name, id, seg.line}] = seg
	}
	b.open = nil
	return readErr
}

// note extends the segment of id with a line at [start, end).
func (b *building) note(file string, id []byte, start, end int64, num int) {
	seg := b.open[string(id)]
	if seg == nil {
		seg = &segment{start: start, line: num}
		b.open[string(id)] = seg
	}
	seg.end = end
}

// run receives a complete run from usage and files it with its segment.
func (b *building) run(r *usage.Run) {
	key := segKey{r.File, r.ID, r.Line}
	seg := b.pending[key]
	delete(b.pending, key)
	if seg == nil && b.open != nil {
		// The run ended inside the input being read: an id that starts
		// over. Its next lines open a new segment.
		if s := b.open[r.ID]; s != nil && s.line == r.Line {
			seg = s
			delete(b.open, r.ID)
		}
	}
	if seg == nil {
		return // not a run of ours to show: nothing to seek to
	}
	b.order++
	e := &Entry{Run: r, Name: r.File, Start: seg.start, End: seg.end, Line: seg.line, order: b.order}
	fi, known := b.files[r.File]
	if !known { // the input being read: see file
		b.current = append(b.current, e)
		return
	}
	e.Path, e.Seekable, e.Compressed, e.mtime, e.source = fi.path, fi.seekable, fi.compressed, fi.mtime, fi.src
	b.publish(e)
}

func (b *building) publish(entries ...*Entry) {
	if len(entries) == 0 {
		return
	}
	b.ix.mu.Lock()
	b.ix.entries = append(b.ix.entries, entries...)
	b.ix.mu.Unlock()
}
