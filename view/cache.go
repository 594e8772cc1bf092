package view

import (
	"bufio"
	"github.com/zsj-dev/zsj/internal/interrupt"
	"os"
	"path/filepath"
	"strconv"
)

// DefaultCacheLimit is how many decompressed bytes the cache holds at
// most, over all compressed inputs.
const DefaultCacheLimit = 2 << 30 // bytes

// cache holds decompressed copies of compressed inputs, so that a run
// page can seek to its run's lines instead of decompressing the input
// from its start. The copies live in one temporary folder, removed by
// close; past the limit an input is not copied, and its pages
// decompress it again.
type cache struct {
	parent string // where the folder is made; "" is the system's default
	limit  int64
	dir    string
	used   int64
	files  int
	full   bool   // an input did not fit
	forget func() // unregisters the folder's removal at a forced exit
}

// create starts the copy of one input, or returns nil when the cache is
// already full or cannot be written.
func (c *cache) create() *cacheFile {
	if c.full || c.limit <= 0 {
		return nil
	}
	if c.dir == "" {
		dir, err := os.MkdirTemp(c.parent, "zsj-view-")
		if err != nil {
			c.full = true
			return nil
		}
		c.dir = dir
		c.forget = interrupt.OnForcedExit(func() { os.RemoveAll(dir) })
	}
	c.files++
	f, err := os.Create(filepath.Join(c.dir, strconv.Itoa(c.files)+".jsonl"))
	if err != nil {
		return nil
	}
	return &cacheFile{c: c, f: f, w: bufio.NewWriterSize(f, 256<<10)}
}

// close removes the cached copies.
func (c *cache) close() error {
	if c.dir == "" {
		return nil
	}
	c.forget()
	return os.RemoveAll(c.dir)
}

// cacheFile is one copy being written. It never fails its writer: a copy
// that cannot be completed is dropped, and reading the input goes on.
type cacheFile struct {
	c      *cache
	f      *os.File
	w      *bufio.Writer
	size   int64
	broken bool
}

func (cf *cacheFile) Write(p []byte) (int, error) {
	if cf.broken {
		return len(p), nil
	}
	if cf.c.used+int64(len(p)) > cf.c.limit {
		cf.c.full = true
		cf.drop()
		return len(p), nil
	}
	if _, err := cf.w.Write(p); err != nil {
		cf.drop()
		return len(p), nil
	}
	cf.c.used += int64(len(p))
	cf.size += int64(len(p))
	return len(p), nil
}

func (cf *cacheFile) drop() {
	cf.broken = true
	cf.f.Close()
	os.Remove(cf.f.Name())
	cf.c.used -= cf.size
	cf.size = 0
}

// finish completes the copy; ok is false when it was dropped (the input
// must then be decompressed again to be read).
func (cf *cacheFile) finish() (path string, ok bool) {
	if cf.broken {
		return "", false
	}
	if err := cf.w.Flush(); err != nil {
		cf.drop()
		return "", false
	}
	if err := cf.f.Close(); err != nil {
		cf.drop()
		return "", false
	}
	return cf.f.Name(), true
}
